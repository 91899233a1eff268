"""``pokernight serve`` over HTTPS with a certificate made here, its log level, and its refusals."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.main import main
from pokernight.client import TableClient, create_table
from tests.async_helpers import run
from tests.web_helpers import free_port, stop_server

OPENSSL = shutil.which("openssl")
needs_openssl = pytest.mark.skipif(OPENSSL is None, reason="openssl makes the test certificate")


@dataclass(frozen=True)
class Served:
    url: str  # as printed by the server
    log: Path  # everything it printed (uvicorn's access log goes to standard output)


def _self_signed(directory: Path, name: str) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 (and localhost) and its unencrypted key."""
    assert OPENSSL is not None
    certfile, keyfile = directory / f"{name}.crt", directory / f"{name}.key"
    subprocess.run(
        [OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(keyfile), "-out", str(certfile)],
        check=True, capture_output=True,
    )  # fmt: skip
    return certfile, keyfile


@contextmanager
def _serving(tmp_path: Path, *options: str) -> Iterator[Served]:
    """``pokernight serve`` with ``options`` for the block, once its first request is answered."""
    command = [sys.executable, "-m", "pokernight.cli.main", "serve", "--port", str(free_port())]
    command += ["--db", f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}", *options]
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        url = _printed_url(process, log)
        _wait_until_answering(url, process, log)
        yield Served(url, log)
    finally:
        stop_server(process)


def _printed_url(process: subprocess.Popen[bytes], log: Path) -> str:
    """The URL in the server's first line, "pokernight room: open URL/ ..."."""
    while True:
        assert process.poll() is None, log.read_text()
        printed = log.read_text().partition("\n")
        if printed[1]:
            assert printed[0].startswith("pokernight room: open "), printed[0]
            return printed[0].split()[3].rstrip("/")
        time.sleep(0.05)


def _wait_until_answering(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    while True:
        assert process.poll() is None, log.read_text()
        try:
            with urllib.request.urlopen(f"{url}/api/server", timeout=5):
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)


@needs_openssl
def test_with_a_certificate_the_room_is_https_and_wss_at_the_printed_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    certfile, keyfile = _self_signed(tmp_path, "room")
    # The client trusts what the OS trusts: here, this one self-signed certificate.
    monkeypatch.setenv("SSL_CERT_FILE", str(certfile))

    async def host_a_table(url: str) -> tuple[str, str | None]:
        created = await create_table(url, "Ann")
        async with TableClient(url, created["code"], created["token"]) as client:
            return created["player_id"], client.player_id

    with _serving(tmp_path, "--certfile", str(certfile), "--keyfile", str(keyfile)) as served:
        assert served.url.startswith("https://127.0.0.1:")
        player_id, welcomed_as = run(host_a_table(served.url))
        plain = "http" + served.url.removeprefix("https")
        with pytest.raises((OSError, http.client.HTTPException)):
            urllib.request.urlopen(f"{plain}/api/server", timeout=5)
    assert welcomed_as == player_id
    assert "GET /api/server" not in served.log.read_text()  # the default level is warning


def test_json_logs_are_one_object_a_line_with_the_requests_fields(tmp_path: Path) -> None:
    with _serving(tmp_path, "--log-level", "info", "--log-format", "json") as served:
        assert served.url.startswith("http://127.0.0.1:")
    # The first two are for people: the URL, and the organiser's link of a new club.
    people, lines = served.log.read_text().splitlines()[:2], served.log.read_text().splitlines()[2:]
    assert people[0].startswith("pokernight room: ") and people[1].startswith("club: ")
    entries = [json.loads(line) for line in lines]
    assert entries and all({"at", "level", "logger", "message"} <= set(e) for e in entries)
    requests = [e for e in entries if e["logger"] == "uvicorn.access"]
    assert {"method": "GET", "path": "/api/server", "status": 200}.items() <= requests[0].items()
    assert any(e["logger"] == "uvicorn.error" and "startup" in e["message"] for e in entries)


def test_log_level_info_logs_a_line_per_request(tmp_path: Path) -> None:
    # ``_serving`` waits for an answer to GET /api/server: that is the request logged.
    with _serving(tmp_path, "--log-level", "info") as served:
        assert served.url.startswith("http://127.0.0.1:")
    assert '"GET /api/server HTTP/1.1" 200' in served.log.read_text()


@pytest.mark.parametrize("given", [["--certfile", "room.crt"], ["--keyfile", "room.key"]])
def test_a_certificate_without_its_key_or_a_key_alone_is_refused_in_one_line(
    given: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *given]) == 2
    error = capsys.readouterr().err
    assert error == "pokernight serve: --certfile and --keyfile go together: give both or neither\n"


def test_a_missing_certificate_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.crt"
    (tmp_path / "room.key").write_text("")
    assert main(["serve", "--certfile", str(missing), "--keyfile", str(tmp_path / "room.key")]) == 2
    assert capsys.readouterr().err.endswith(f"the certificate file {missing} does not exist\n")


@needs_openssl
def test_a_key_of_another_certificate_is_refused_before_listening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    certfile, _ = _self_signed(tmp_path, "room")
    _, other_key = _self_signed(tmp_path, "other")
    assert main(["serve", "--certfile", str(certfile), "--keyfile", str(other_key)]) == 2
    assert capsys.readouterr().err.endswith(f"the key {other_key} is not the key of {certfile}\n")


def test_listening_on_every_address_prints_where_to_open_it_here_and_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[Any] = []

    def run(server: Any, sockets: list[socket.socket]) -> None:
        started.append(server.config)
        server.started = True
        sockets[0].close()

    monkeypatch.setattr("uvicorn.Server.run", run)
    database = f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "--db", database]) == 0
    room, club, nothing = capsys.readouterr().out.split("\n")
    assert room == (
        "pokernight room: open http://localhost:8123/ here, or http://THIS-MACHINE:8123/ from "
        "another device (listening on every address; Ctrl-C to stop)"
    )
    # A new room's club has no organiser: the operator's link makes the first (issue 30).
    assert re.fullmatch(
        r"club: nobody organises the club yet: open http://localhost:8123/#club/join/[\w-]{22} "
        r"to be its organiser",
        club,
    )
    assert nothing == ""
    assert started[0].host == "0.0.0.0" and started[0].log_level == "warning"
    assert started[0].ssl_certfile is None and started[0].ssl_keyfile is None


def test_a_busy_port_is_one_line_naming_another_port_and_no_url_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = str(tmp_path / "room.sqlite3")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", database])
    printed = capsys.readouterr()
    assert status == 2 and printed.out == ""
    assert printed.err == (
        f"pokernight serve: port {port} is already in use on 127.0.0.1 (another pokernight, "
        f"or another program): stop it, or choose another port with --port {port + 1}\n"
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "70000"], "--port 70000 is not a port: give one from 1 to 65535"),
        (["--host", "192.0.2.1"], "192.0.2.1 is not an address of this machine"),
        (["--host", "no-such-host.invalid"], "cannot find the host 'no-such-host.invalid'"),
    ],
)
def test_an_address_the_room_cannot_listen_on_is_one_line(
    options: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *options, "--db", str(tmp_path / "room.sqlite3")]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"pokernight serve: {said}") and error.count("\n") == 1, error


def test_a_database_server_that_is_down_is_one_line_saying_what_to_try(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    assert main(["serve", "--db", f"postgresql://nobody@127.0.0.1:{port}/room"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("pokernight serve: database postgresql+asyncpg://nobody@")
    assert "is unavailable" in error and "is its server running, and the URL right?" in error
    assert error.count("\n") == 1


def test_port_zero_listens_on_a_free_port_and_prints_it(tmp_path: Path) -> None:
    with _serving(tmp_path, "--port", "0") as served:  # the last --port counts
        port = int(served.url.rsplit(":", 1)[1])
        with urllib.request.urlopen(f"{served.url}/", timeout=10) as page:
            assert port > 0 and b'src="/js/main.js"' in page.read()


@pytest.mark.parametrize(("trusted", "statuses"), [(False, [201] * 10 + [429]), (True, [201] * 11)])
def test_the_client_address_comes_from_x_forwarded_for_only_with_proxy_headers(
    trusted: bool, statuses: list[int], tmp_path: Path
) -> None:
    """Ten joins at once per address by default: eleven joins claiming eleven addresses are
    eleven addresses only when the proxy in front is trusted to say so."""
    options = ["--proxy-headers"] if trusted else []
    with _serving(tmp_path, *options) as served:
        created = run(create_table(served.url, "Ann", {}))
        seen = []
        for number in range(11):
            request = urllib.request.Request(
                f"{served.url}/api/tables/{created['code']}/join",
                data=json.dumps({"name": f"guest {number}"}).encode(),
                headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.1.0.{number}"},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    seen.append(response.status)
            except urllib.error.HTTPError as error:
                seen.append(error.code)
    assert seen == statuses


def test_each_limit_per_address_can_be_changed_and_a_wrong_one_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pokernight.cli.serve import _limits
    from pokernight.server.edge.ratelimit import AddressLimits, Rate

    changed = _limits(["join=20/30", "miss=5/1"])
    assert changed.join == Rate(20, 0.5) and changed.miss == Rate(5, 1 / 60)
    assert changed.lookup == AddressLimits().lookup
    for wrong in ("join", "join=20", "scan=1/1", "join=0/5"):
        assert main(["serve", "--rate-limit", wrong]) == 2
        assert capsys.readouterr().err.startswith(f"pokernight serve: --rate-limit {wrong!r}")
    held = _limits([], ["sockets=200", "tables=5"]).held
    assert (held.sockets, held.tables) == (200, 5)
    assert held.tournaments == AddressLimits().held.tournaments
    for wrong in ("sockets", "sockets=0", "files=3", "tables=x"):
        assert main(["serve", "--held-limit", wrong]) == 2
        assert capsys.readouterr().err.startswith(f"pokernight serve: --held-limit {wrong!r}")


def test_the_rooms_connections_send_small_frames_at_once(tmp_path: Path) -> None:
    """Nagle's algorithm is off on every connection the room accepts: asyncio turns it off
    only for a socket that says it is TCP, and with it on an ``ack`` sent just after its
    version waited for the client's delayed acknowledgement (44 ms a request)."""
    from pokernight.cli.serve import _listen

    async def accepted_without_nagle() -> int:
        found: list[int] = []

        async def accept(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            found.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        listener = _listen("127.0.0.1", 0)
        server = await asyncio.start_server(accept, sock=listener)
        _, writer = await asyncio.open_connection(*listener.getsockname())
        while not found:
            await asyncio.sleep(0.01)
        writer.close()
        server.close()
        await server.wait_closed()
        return found[0]

    assert run(accepted_without_nagle()) == 1
