"""``serve --log-format json``: one JSON object a line, for a log collector to read.

Every logger of the process goes through it (uvicorn's server and access logs, the
room's own). An access line carries its request's fields apart (client, method, path,
status) rather than in a sentence a collector would have to parse back.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

ACCESS_FIELDS = ("client", "method", "path", "http", "status")
"""uvicorn's access record's ``args``, in its order."""


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "at": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            entry.update(zip(ACCESS_FIELDS, record.args, strict=False))
            entry["message"] = "request"
        else:
            entry["message"] = record.getMessage()
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, separators=(",", ":"))


def json_log_config(level: str) -> dict[str, Any]:
    """uvicorn's ``log_config`` for JSON lines: server and room logs on standard error,
    the access log on standard output, as uvicorn's own text configuration has them."""
    formatter = {"()": f"{__name__}.JsonFormatter"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": formatter},
        "handlers": {
            "errors": {
                "formatter": "json",
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
            },
            "access": {
                "formatter": "json",
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stdout",
            },
        },
        "loggers": {
            "uvicorn": {"handlers": ["errors"], "level": level.upper(), "propagate": False},
            "uvicorn.access": {"handlers": ["access"], "level": level.upper(), "propagate": False},
            "pokernight": {"handlers": ["errors"], "level": level.upper(), "propagate": False},
        },
    }
