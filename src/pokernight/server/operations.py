"""What an operator's tools ask a room process: is it alive, is it ready, how is it doing.

- ``GET /healthz``: the process answers (a supervisor restarts it when it does not).
- ``GET /readyz``: its tables are resumed and its database answers; 503 with the reason
  otherwise, so a load balancer sends players elsewhere meanwhile.
- ``GET /metrics``: counters and gauges in Prometheus's text format (version 0.0.4),
  written here: the format is a few lines of text, not worth a dependency.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokernight.server.edge.lag import BOUNDS_MS, LagMonitor
from pokernight.server.lobby.lobby import Lobby
from pokernight.server.spread.cluster import Cluster
from pokernight.store import StoreError
from pokernight.store.commit_stats import COMMIT_BOUNDS_SECONDS, CommitStats

PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8"


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    lobby: Lobby | None = getattr(request.app.state, "lobby", None)
    if lobby is None:
        return JSONResponse({"status": "starting: resuming the open tables"}, status_code=503)
    try:
        await lobby.store.ping()
    except StoreError as error:
        return JSONResponse({"status": f"the database is unavailable: {error}"}, 503)
    tables = {"tables": len(lobby.actors), "sleeping": len(lobby.sleeping)}
    return JSONResponse({"status": "ready", **tables})


async def metrics(request: Request) -> Response:
    lobby: Lobby | None = getattr(request.app.state, "lobby", None)
    lag: LagMonitor = request.app.state.lag
    lines = [*_lag_lines(lag)]
    if lobby is not None:
        lines += _table_lines(lobby)
        lines += _tournament_lines(lobby)
        lines += _commit_lines(lobby.writer.stats)
        if isinstance(lobby.cluster, Cluster):  # one of several processes
            lines += _lease_lines(lobby.cluster)
    return PlainTextResponse("\n".join(lines) + "\n", media_type=PROMETHEUS_TEXT)


def _table_lines(lobby: Lobby) -> list[str]:
    actors = lobby.actors.values()
    return [
        *_metric(
            "pokernight_tables",
            "gauge",
            "Tables this process runs in memory now (played, watched, or closed and read).",
            [("", len(actors))],
        ),
        *_metric(
            "pokernight_tables_sleeping",
            "gauge",
            "Open tables asleep: out of memory until somebody comes (decision 53).",
            [("", len(lobby.sleeping))],
        ),
        *_metric(
            "pokernight_connections",
            "gauge",
            "WebSocket connections to this process's tables.",
            [("", sum(len(actor.connections) for actor in actors))],
        ),
    ]


def _tournament_lines(lobby: Lobby) -> list[str]:
    # Each refusal is an alarm (decision 48): a table stopped until somebody looks into it.
    refusals = sum(director.report_refusals for director in lobby.tournaments.values())
    return _metric(
        "pokernight_tournament_report_refusals_total",
        "counter",
        "Hand reports a tournament's director refused (each stops its table).",
        [("", refusals)],
    )


def _lease_lines(cluster: Cluster) -> list[str]:
    return [
        *_metric(
            "pokernight_table_leases",
            "gauge",
            "Table leases this process holds (one of several, --redis).",
            [("", cluster.tables_held)],
        ),
        *_metric(
            "pokernight_lease_changes_total",
            "counter",
            "Table leases this process took or let go of.",
            [("", cluster.lease_changes)],
        ),
    ]


def _commit_lines(stats: CommitStats) -> list[str]:
    return [
        *_metric(
            "pokernight_events_committed_total",
            "counter",
            "Table events saved, by kind (PlayerActed: the players' actions).",
            [(f'{{kind="{kind}"}}', count) for kind, count in sorted(stats.events.items())],
        ),
        *_histogram(
            "pokernight_commit_seconds",
            "Time to save one group commit of events.",
            COMMIT_BOUNDS_SECONDS,
            stats.seconds_counts,
            stats.seconds_sum,
        ),
        *_metric(
            "pokernight_commits_failed_total",
            "counter",
            "Group commits the database refused or could not take.",
            [("", stats.failed)],
        ),
    ]


def _lag_lines(lag: LagMonitor) -> list[str]:
    return _metric(
        "pokernight_loop_lag_worst_seconds",
        "gauge",
        "The longest the event loop ran late since the process started.",
        [("", lag.worst_ms / 1000)],
    ) + _histogram(
        "pokernight_loop_lag_seconds",
        "How late the event loop woke, sampled every 10 ms.",
        [bound / 1000 for bound in BOUNDS_MS],
        lag.counts,
        lag.total_ms / 1000,
    )


def _metric(
    name: str, kind: str, help_text: str, samples: Iterable[tuple[str, float]]
) -> list[str]:
    return [
        f"# HELP {name} {help_text}",
        f"# TYPE {name} {kind}",
        *(f"{name}{labels} {_number(value)}" for labels, value in samples),
    ]


def _histogram(
    name: str, help_text: str, bounds: Sequence[float], counts: Sequence[int], total: float
) -> list[str]:
    """Prometheus wants cumulative buckets ending with ``+Inf``, then a sum and a count."""
    cumulative, samples = 0, []
    for bound, count in zip([*bounds, float("inf")], counts, strict=True):
        cumulative += count
        label = "+Inf" if bound == float("inf") else _number(bound)
        samples.append((f'_bucket{{le="{label}"}}', cumulative))
    lines = _metric(name, "histogram", help_text, samples)
    return [*lines, f"{name}_sum {_number(total)}", f"{name}_count {cumulative}"]


def _number(value: float) -> str:
    return repr(value) if isinstance(value, float) else str(value)


ROUTES = [
    Route("/healthz", healthz),
    Route("/readyz", readyz),
    Route("/metrics", metrics),
]
