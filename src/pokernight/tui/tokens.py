"""Seat tokens kept between runs, one per (server, table code), so a second run is the same player;
and a club member's device token, one per server, so every table there knows them.

The token is the player's only credential (``docs/protocol.md``), so the file
is written readable by its owner alone. It lives in
``$POKERNIGHT_TOKENS``, else ``$XDG_CONFIG_HOME/pokernight/tokens.json``, else
``~/.config/pokernight/tokens.json``; its layout is
``{"http://host:8000": {"1234": "token", "device": "token"}}`` (a code is four digits,
so ``device`` is never one).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

TOKENS_ENV = "POKERNIGHT_TOKENS"
DEVICE = "device"


def tokens_path() -> Path:
    override = os.environ.get(TOKENS_ENV)
    if override:
        return Path(override)
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "pokernight" / "tokens.json"


class TokenStore:
    def __init__(self, path: Path) -> None:
        self.path = path

    def get(self, server: str, code: str) -> str | None:
        token = self._read().get(server, {}).get(code)
        return token if isinstance(token, str) else None

    def put(self, server: str, code: str, token: str) -> None:
        tokens = self._read()
        tokens.setdefault(server, {})[code] = token
        self._write(tokens)

    def device(self, server: str) -> str | None:
        """The device token this terminal is signed in with at ``server``'s club, if any."""
        return self.get(server, DEVICE)

    def put_device(self, server: str, token: str) -> None:
        self.put(server, DEVICE, token)

    def forget(self, server: str, code: str) -> None:
        tokens = self._read()
        if tokens.get(server, {}).pop(code, None) is not None:
            self._write(tokens)

    def _read(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text())
        except FileNotFoundError:
            return {}
        except ValueError:
            raise ValueError(f"{self.path} is not a tokens file (JSON): fix or delete it") from None
        if not isinstance(data, dict):
            raise ValueError(f"{self.path} is not a tokens file (a JSON object)")
        return data

    def _write(self, tokens: dict[str, dict[str, str]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            json.dump(tokens, file, indent=1, sort_keys=True)
        # Renamed into place so an interrupted write never loses the other tables' tokens.
        partial.replace(self.path)
