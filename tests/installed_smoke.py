"""A new user's first minutes, run inside a virtual environment that holds only the wheel.

``tests/test_installed_package.py`` builds the sdist and the wheel, installs the wheel
with no extras into a clean venv outside the checkout, copies this file next to it and
runs it with that venv's Python, from a folder that holds nothing of the checkout. So
every import below comes from the installed package or the standard library.

It checks: ``--version``, ``eval``, ``equity``, every subcommand's ``--help``, that a
command needing an extra says which in one line, then ``serve`` on a free port with a
temporary SQLite file: the lobby and stream pages and every script, stylesheet, icon
and font they reference (200, the right content type), a table created over HTTP and
one hand played with two bots over the WebSocket, then the running room backed up and the
backup restored as another room's database. Prints one line per check; exits
non-zero at the first failure.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from importlib.metadata import version
from pathlib import Path

BIN = Path(sys.executable).parent
POKERNIGHT = str(BIN / "pokernight")
START_SECONDS = 60.0
HAND_SECONDS = 60.0
CONTENT_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}
# An ES module's static imports, and the files a stylesheet pulls in.
JS_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']""", re.M)
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}", flush=True)


def pokernight(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [POKERNIGHT, *arguments], capture_output=True, text=True, timeout=120, check=False
    )


def check_commands() -> None:
    shown = pokernight("--version")
    check(shown.stdout.strip() == f"pokernight {version('pokernight')}", "pokernight --version")
    best = pokernight("eval", "Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d")
    check(best.returncode == 0 and "straight flush" in best.stdout.lower(), "pokernight eval")
    equity = pokernight("equity", "AhKh", "QsQd", "--board", "2c7d9h")
    check(equity.returncode == 0 and "%" in equity.stdout, "pokernight equity")
    for command in subcommands():
        helped = pokernight(*command, "--help")
        check(
            helped.returncode == 0 and helped.stdout.startswith("usage:") and not helped.stderr,
            f"pokernight {' '.join(command)} --help",
        )
    check_needs_extra("bench", "bench", "server", "--seconds", "1")
    check_needs_extra("postgresql", "serve", "--db", "postgresql://nobody@127.0.0.1:1/none")


def check_needs_extra(extra: str, *arguments: str) -> None:
    """The command refuses in one line naming the extra to install, exit status 2."""
    refused = pokernight(*arguments)
    lines = refused.stderr.strip().splitlines()
    check(
        refused.returncode == 2
        and len(lines) == 1
        and f"pip install 'pokernight[{extra}]'" in lines[0],
        f"pokernight {' '.join(arguments)} without the {extra} extra says so: {lines}",
    )


def subcommands() -> Iterator[tuple[str, ...]]:
    """Every command path of the installed parser: ("serve",), ("bench", "eval"), ..."""
    from argparse import ArgumentParser, _SubParsersAction

    from pokernight.cli.main import build_parser

    def walk(parser: ArgumentParser, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        yield path
        for action in parser._actions:
            if isinstance(action, _SubParsersAction):
                for name, child in action.choices.items():
                    yield from walk(child, (*path, name))

    yield from walk(build_parser(), ())


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


class References(HTMLParser):
    """The scripts, stylesheets, icons and manifest an HTML page loads."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        reference = attributes.get("src") if tag == "script" else None
        if tag == "link":
            reference = attributes.get("href")
        if reference:
            self.found.append(reference)


def check_pages(base: str) -> None:
    """Each page and, transitively, every file it loads: 200 and its content type."""
    seen: set[str] = set()
    waiting = ["/", "/index.html", "/stream.html"]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        status, content_type, body = fetch(base + path)
        suffix = Path(path).suffix or ".html"
        expected = CONTENT_TYPES.get(suffix, "")
        check(
            status == 200 and bool(expected) and content_type.startswith(expected),
            f"GET {path}: {status} {content_type}",
        )
        waiting += [_absolute(path, found) for found in _referenced(suffix, body)]
    scripts = [path for path in seen if path.endswith(".js")]
    check(len(scripts) >= 10 and any(path.endswith(".css") for path in seen), "the whole client")


def _referenced(suffix: str, body: bytes) -> list[str]:
    text = body.decode(errors="replace")
    if suffix == ".html":
        parser = References()
        parser.feed(text)
        return parser.found
    if suffix == ".js":
        return JS_IMPORT.findall(text)
    if suffix == ".css":
        return [url for url in CSS_URL.findall(text) if not url.startswith("data:")]
    if suffix == ".webmanifest":
        return [icon["src"] for icon in json.loads(text).get("icons", [])]
    return []


def _absolute(page: str, reference: str) -> str:
    if reference.startswith("/"):
        return reference.split("#", maxsplit=1)[0]
    folder = page.rsplit("/", 1)[0]
    parts = [*folder.split("/"), *reference.split("/")]
    resolved: list[str] = []
    for part in parts:
        if part == "..":
            resolved.pop()
        elif part not in (".", ""):
            resolved.append(part)
    return "/" + "/".join(resolved)


async def play_one_hand(base: str) -> None:
    from pokernight.client import TableClient, create_table

    settings = {"variant": "nlhe", "stakes": {"small_blind": 5, "big_blind": 10}}
    created = await create_table(base, "Smoke", {**settings, "bot_delay_seconds": 0})
    check(len(created["code"]) == 4, f"a table created over HTTP: {created['code']}")
    async with TableClient(base, created["code"], created["token"]) as host:
        await host.sit(0, 1_000)
        for seat in (1, 2):
            await host.request({"type": "add_bot", "seat": seat, "level": "easy"})
        await host.start()
        deadline = time.monotonic() + HAND_SECONDS
        while host.state.last_hand is None:
            if time.monotonic() > deadline:
                raise SystemExit("FAILED: no hand finished in time")
            legal = host.state.legal
            if host.state.hand and host.state.my_seat == host.state.to_act and legal:
                await host.act("check" if legal["can_check"] else "call")
            else:
                await host.next_event(timeout=HAND_SECONDS)
        stacks = sum(seat["stack"] for seat in host.state.seats.values())
    check(stacks == 3_000, f"one hand with two bots over the WebSocket, chips conserved: {stacks}")


def check_backup_and_restore(folder: Path) -> None:
    """The running room backed up (SQLite's backup API, from the standard library), and
    the backup restored as another room's database."""
    backup, restored = folder / "backup.sqlite3", folder / "restored.sqlite3"
    made = pokernight("backup", str(backup), "--db", str(folder / "room.sqlite3"))
    check(made.returncode == 0 and backup.is_file(), f"pokernight backup: {made.stderr}")
    put = pokernight("restore", str(backup), "--db", str(restored))
    check(put.returncode == 0 and restored.is_file(), f"pokernight restore: {put.stderr}")


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    log = folder / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [POKERNIGHT, "serve", "--port", "0", "--db", str(folder / "room.sqlite3")],
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"FAILED: serve exited: {log.read_text()}")
        first, newline, _ = log.read_text().partition("\n")
        if newline:
            url = first.split()[3].rstrip("/")
            try:
                fetch(url + "/api/server")
                return process, url
            except OSError:
                pass
        time.sleep(0.1)
    process.kill()
    raise SystemExit(f"FAILED: serve did not answer: {log.read_text()}")


def main() -> None:
    import pokernight

    check("/site-packages/" in str(pokernight.__file__), f"pokernight from {pokernight.__file__}")
    check_commands()
    with tempfile.TemporaryDirectory() as folder:
        process, url = serve(Path(folder))
        try:
            print(f"ok: pokernight serve answered at {url}", flush=True)
            check_pages(url)
            asyncio.run(play_one_hand(url))
            check_backup_and_restore(Path(folder))
        finally:
            process.send_signal(signal.SIGINT)
            status = process.wait(timeout=30)
            log = (Path(folder) / "serve.log").read_text()
            # 130: stopped by Ctrl-C, as a shell reports it (uvicorn re-raises the signal).
            stopped = status in (0, 130) and "Traceback" not in log
            check(stopped, f"serve stops on Ctrl-C: {status} {log}")


if __name__ == "__main__":
    main()
