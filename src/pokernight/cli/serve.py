"""``pokernight serve``: start the poker room.

``--certfile``/``--keyfile`` make uvicorn speak HTTPS (and so WSS) itself, for a
room reached from outside the local network without a reverse proxy;
``--log-level info`` adds uvicorn's access log (see docs/deploy.md).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import socket
import ssl
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pokernight.cli.types import Subparsers
from pokernight.extras import require

if TYPE_CHECKING:
    from pokernight.server.edge.ratelimit import AddressLimits, HeldLimits

MAX_FRAME_BYTES = 65_536
MAX_PORT = 65_535
MIN_LEASE_MS = 100
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")
EVERY_ADDRESS = ("0.0.0.0", "::", "")
SERVER_HINT = (
    "is its server running, and the URL right? without --db and DATABASE_URL the room "
    "keeps its own SQLite file"
)


@dataclass(frozen=True, slots=True)
class Certificate:
    """A PEM certificate chain and its unencrypted private key, checked to go together."""

    certfile: Path
    keyfile: Path


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="start the poker room (SQLite by default) and print its URL",
        description=(
            "Start the poker room on HOST:PORT and print the URL to share. "
            "For friends outside your network, see docs/deploy.md."
        ),
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every address)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--db",
        default=None,
        help="database URL (default: $DATABASE_URL, else the SQLite file pokernight.sqlite3)",
    )
    parser.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="run as one of several room processes on the same --db (PostgreSQL), each "
        "table played by one of them through a lease in this Redis (docs/deploy.md)",
    )
    parser.add_argument(
        "--lease-ttl",
        type=int,
        default=2_000,
        metavar="MS",
        help="with --redis: how long a process's life lasts without a heartbeat, in "
        "milliseconds: a process that dies has its tables taken over after about this long "
        "(default 2000)",
    )
    parser.add_argument(
        "--hand-pause",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="pause between hands (default 3)",
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=30.0,
        metavar="MINUTES",
        help="a table nobody watches and that is not dealing sleeps after this long, out of "
        "memory until somebody comes back (default 30; 0: never; not with --redis)",
    )
    parser.add_argument(
        "--certfile",
        type=Path,
        metavar="PEM",
        help="TLS certificate chain, with --keyfile: serve https:// and wss://",
    )
    parser.add_argument(
        "--keyfile", type=Path, metavar="PEM", help="the certificate's unencrypted private key"
    )
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help="behind a reverse proxy: take each client's address from X-Forwarded-For, "
        "as sent by the proxies of --forwarded-allow-ips (for the limits per address)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1,::1",
        metavar="IPS",
        help="with --proxy-headers: the proxies trusted to say the client's address "
        "(comma-separated; default 127.0.0.1,::1)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a web address whose pages may open the room's WebSocket besides its own "
        "(e.g. https://poker.example.org behind a proxy that rewrites Host); repeatable",
    )
    parser.add_argument(
        "--rate-limit",
        action="append",
        default=[],
        metavar="KIND=BURST/PER_MINUTE",
        help="change one limit per client address: KIND is lookup, miss (wrong codes), join "
        "or create; e.g. join=20/30 (20 at once, then 30 a minute); repeatable",
    )
    parser.add_argument(
        "--held-limit",
        action="append",
        default=[],
        metavar="KIND=MOST",
        help="change what one client address may hold open at once: KIND is sockets "
        "(WebSockets, default 64), tables or tournaments (opened and still open, default 20 "
        "each); e.g. sockets=200 for many players behind one address; repeatable",
    )
    parser.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="no limits per client address (benchmarks; a room only friends can reach)",
    )
    parser.add_argument(
        "--tournament-seed",
        type=int,
        default=None,
        metavar="N",
        help="draw every tournament's seats from this seed, the same each time (tests and "
        "demos only: players could know the draw; the cards are never seeded)",
    )
    parser.add_argument(
        "--log-level",
        default="warning",
        choices=LOG_LEVELS,
        help="server log detail (default warning; info adds a line per request)",
    )
    parser.add_argument(
        "--log-format",
        default="text",
        choices=("text", "json"),
        help="text for people (default), or json: one JSON object a line, for a log collector",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from pokernight.cli.club import invite_link, organiser_wanted
    from pokernight.server import ServerConfig, create_app
    from pokernight.server.edge.json_logs import json_log_config
    from pokernight.server.edge.websocket_protocol import RoomWebSocketProtocol

    # Everything that can be refused is checked before the port is taken.
    certificate = _certificate(args.certfile, args.keyfile)
    database_url = args.db or os.environ.get("DATABASE_URL")
    _check_idle(args.idle_minutes)
    config = ServerConfig(
        database_url=database_url,
        hand_pause_seconds=args.hand_pause,
        freeze_gc=True,
        address_limits=(None if args.no_rate_limits else _limits(args.rate_limit, args.held_limit)),
        allowed_origins=tuple(args.allowed_origin),
        tournament_seed=args.tournament_seed,
        shuffle_seed=_test_shuffle_seed(),
        redis_url=args.redis,
        lease_ttl_ms=args.lease_ttl,
        idle_minutes=args.idle_minutes,
    )
    if args.redis is not None:
        require("several room processes (--redis)", "cluster")
        if args.lease_ttl < MIN_LEASE_MS:
            raise ValueError(f"--lease-ttl {args.lease_ttl}: give {MIN_LEASE_MS} ms or more")
    app = create_app(config)
    asyncio.run(_check_database(database_url))
    wanted = asyncio.run(organiser_wanted(database_url))
    if args.redis is not None:
        asyncio.run(_check_redis(args.redis))
    listener = _listen(args.host, args.port)
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=args.host,
            port=port,
            log_level=args.log_level,
            log_config=(
                json_log_config(args.log_level)
                if args.log_format == "json"
                else uvicorn.config.LOGGING_CONFIG
            ),
            ssl_certfile=None if certificate is None else certificate.certfile,
            ssl_keyfile=None if certificate is None else certificate.keyfile,
            ws=RoomWebSocketProtocol,
            ws_max_size=MAX_FRAME_BYTES,
            # Poker messages are a few hundred bytes: compressing each one for each
            # recipient cost a sixth of the CPU and half the memory (decision 0013).
            ws_per_message_deflate=False,
            # Off unless asked: otherwise anybody could name the address they are counted as.
            proxy_headers=args.proxy_headers,
            forwarded_allow_ips=args.forwarded_allow_ips,
        )
    )
    print(f"pokernight room: {_where(args.host, port, certificate)}", flush=True)
    if wanted is not None:
        link = invite_link(_base_url(args.host, port, certificate), wanted)
        print(f"club: nobody organises the club yet: open {link} to be its organiser", flush=True)
    with listener:
        server.run(sockets=[listener])
    return 0 if server.started else 1


TEST_SHUFFLE_SEED = "POKERNIGHT_TEST_SHUFFLE_SEED"


def _test_shuffle_seed() -> int | None:
    """A test's seed for every deck (``ServerConfig.shuffle_seed``), from the environment
    alone: no option, no request can seed a room's shuffle. Said loudly when it is set."""
    given = os.environ.get(TEST_SHUFFLE_SEED)
    if given is None:
        return None
    try:
        seed = int(given)
    except ValueError:
        raise ValueError(f"{TEST_SHUFFLE_SEED}={given!r}: give a whole number") from None
    print(
        f"pokernight serve: TEST MODE: every deck is dealt from {TEST_SHUFFLE_SEED}={seed} "
        "and the players' contributions are left out: never for a room people play in",
        file=sys.stderr,
        flush=True,
    )
    return seed


def _check_idle(minutes: float) -> None:
    from pokernight.server.edge.config import MAX_IDLE_MINUTES

    if not 0 <= minutes <= MAX_IDLE_MINUTES:  # NaN too
        raise ValueError(
            f"--idle-minutes {minutes:g}: give 0 (never) up to {MAX_IDLE_MINUTES:g} (a week)"
        )


def _limits(changes: list[str], held: Sequence[str] = ()) -> AddressLimits:
    """The default limits per client address, with each ``KIND=BURST/PER_MINUTE`` applied,
    and each ``KIND=MOST`` of ``held``."""
    from pokernight.server.edge.config import DEFAULT_LIMITS
    from pokernight.server.edge.ratelimit import KINDS, Rate

    limits = DEFAULT_LIMITS
    rates: dict[str, Rate] = {}
    for change in changes:
        kind, _, rate = change.partition("=")
        burst, _, per_minute = rate.partition("/")
        if kind not in KINDS or not burst.isdigit() or not per_minute.isdigit():
            raise ValueError(
                f"--rate-limit {change!r}: give KIND=BURST/PER_MINUTE, KIND one of "
                f"{', '.join(KINDS)}, e.g. join=20/30"
            )
        if int(burst) < 1 or int(per_minute) < 1:
            raise ValueError(f"--rate-limit {change!r}: both numbers must be at least 1")
        rates[kind] = Rate(int(burst), int(per_minute) / 60)
    return replace(limits, held=_held(held), **rates)


def _held(changes: Sequence[str]) -> HeldLimits:
    """The default limits on what an address holds open, with each ``KIND=MOST`` applied."""
    from dataclasses import fields

    from pokernight.server.edge.ratelimit import HeldLimits

    kinds = [field.name for field in fields(HeldLimits)]
    most: dict[str, int] = {}
    for change in changes:
        kind, _, number = change.partition("=")
        if kind not in kinds or not number.isdigit() or int(number) < 1:
            raise ValueError(
                f"--held-limit {change!r}: give KIND=MOST, KIND one of {', '.join(kinds)} and "
                "MOST at least 1, e.g. sockets=200"
            )
        most[kind] = int(number)
    return HeldLimits(**most)


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a busy port is one line, before the URL.

    Bound as uvicorn binds (IPv6 for an address with a colon, SO_REUSEADDR), and handed
    to it; ``--port 0`` takes a free port, and the URL printed says which.
    """
    if not 0 <= port <= MAX_PORT:
        raise ValueError(
            f"--port {port} is not a port: give one from 1 to {MAX_PORT} (0: any free one)"
        )
    from pokernight.server.edge.listening import tcp_listener

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = tcp_listener(family)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise ValueError(_bind_failure(host, port, error)) from None
    except UnicodeError:  # an over-long or malformed host name
        listener.close()
        raise ValueError(f"{host!r} is not a host name or address") from None
    listener.set_inheritable(True)
    return listener


def _bind_failure(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return (
            f"port {port} is already in use on {host} (another pokernight, or another "
            f"program): stop it, or choose another port with --port {port + 1}"
        )
    if error.errno == errno.EACCES:
        return f"no permission to listen on port {port}: choose a port above 1023"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine: try --host 0.0.0.0 (every address)"
    if isinstance(error, socket.gaierror):
        return f"cannot find the host {host!r}: give an address such as 127.0.0.1 or 0.0.0.0"
    return f"cannot listen on {host} port {port}: {error.strerror or error}"


def _certificate(certfile: Path | None, keyfile: Path | None) -> Certificate | None:
    """The pair if both were given and load, None if neither; a one-line error otherwise.

    Loading them here, before listening, turns what uvicorn would report as a
    traceback (or a pass-phrase prompt for an encrypted key) into one line.
    """
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise ValueError("--certfile and --keyfile go together: give both or neither")
    for kind, path in (("certificate", certfile), ("key", keyfile)):
        if not path.is_file():
            raise ValueError(f"the {kind} file {path} does not exist")
    try:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certfile, keyfile, password=_refuse_pass_phrase)
    except _EncryptedKeyError:
        raise ValueError(
            f"the key {keyfile} is encrypted: give an unencrypted key "
            "(openssl pkey -in KEY -out PLAIN_KEY)"
        ) from None
    except ssl.SSLError as error:
        if error.reason == "KEY_VALUES_MISMATCH":
            raise ValueError(f"the key {keyfile} is not the key of {certfile}") from None
        raise ValueError(
            f"cannot serve HTTPS with {certfile} and {keyfile} (both must be PEM files): "
            f"{error.reason or error}"
        ) from None
    return Certificate(certfile, keyfile)


class _EncryptedKeyError(Exception):
    pass


def _refuse_pass_phrase() -> str:
    raise _EncryptedKeyError


def _base_url(host: str, port: int, certificate: Certificate | None) -> str:
    scheme = "http" if certificate is None else "https"
    name = "localhost" if host in EVERY_ADDRESS else f"[{host}]" if ":" in host else host
    return f"{scheme}://{name}:{port}/"


def _where(host: str, port: int, certificate: Certificate | None) -> str:
    base = _base_url(host, port, certificate)
    if host in EVERY_ADDRESS:
        scheme = "http" if certificate is None else "https"
        return (
            f"open {base} here, or {scheme}://THIS-MACHINE:{port}/ "
            "from another device (listening on every address; Ctrl-C to stop)"
        )
    return f"open {base}  (Ctrl-C to stop)"


async def _check_redis(url: str) -> None:
    """Fail with one line before listening if Redis cannot be reached."""
    from pokernight.cluster.lease import Leases

    leases = Leases.from_url(url, "check")
    try:
        await leases.client.ping()
    except Exception as error:  # a bad URL, refused, or not Redis at all
        raise ValueError(f"--redis {url}: cannot reach Redis there ({error})") from None
    finally:
        await leases.close()


async def _check_database(url: str | None) -> None:
    """Fail with one line before listening if the database cannot be opened."""
    from pokernight.store import StoreUnavailableError, open_store
    from pokernight.store.engine import database_url

    try:
        on_a_server = database_url(url).get_backend_name() != "sqlite"
    except StoreUnavailableError as error:  # not a URL, or not a database we run on
        raise ValueError(str(error)) from None
    try:
        store = await open_store(url)
    except StoreUnavailableError as error:
        raise ValueError(f"{error} ({SERVER_HINT})" if on_a_server else str(error)) from None
    await store.close()
