"""The browser client is package data, found through importlib.resources and served from memory."""

from __future__ import annotations

import asyncio
import http.client
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from pokernight.server.edge.assets import ClientMissingError, load_assets
from tests.server_helpers import scenario, serving

SOURCE = Path(__file__).resolve().parent.parent / "src"
WEB = SOURCE / "pokernight" / "web"


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def _get(url: str, path: str, headers: dict[str, str] | None = None) -> Answer:
    """The answer to GET ``path``, sent as written (no client-side normalisation)."""
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        answer = {key.lower(): value for key, value in response.getheaders()}
        return Answer(response.status, answer, response.read())
    finally:
        connection.close()


async def _served(tmp_path: Path, *requests: tuple[str, dict[str, str]]) -> list[Answer]:
    """The room's answers to ``requests`` (path, headers), in order."""
    async with serving(tmp_path) as url:
        return [await asyncio.to_thread(_get, url, path, headers) for path, headers in requests]


def test_every_file_of_the_client_is_found_as_package_data() -> None:
    on_disk = {"/" + path.relative_to(WEB).as_posix() for path in WEB.rglob("*") if path.is_file()}
    assert set(load_assets()) == on_disk
    assert {"/index.html", "/stream.html", "/js/main.js", "/css/app.css"} <= on_disk


def test_the_client_is_found_in_a_zipapp(tmp_path: Path) -> None:
    archive = tmp_path / "pokernight.pyz"
    with zipfile.ZipFile(archive, "w") as pyz:
        for path in (SOURCE / "pokernight").rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                pyz.write(path, path.relative_to(SOURCE).as_posix())
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); import pokernight; "
        "from pokernight.server.edge.assets import load_assets; "
        "print(pokernight.__file__); print(len(load_assets()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(archive)], capture_output=True, text=True, check=True
    )
    where, count = done.stdout.split()
    assert where.startswith(str(archive)) and int(count) == len(load_assets())


def test_a_package_without_a_client_is_said_at_start_up(tmp_path: Path) -> None:
    with pytest.raises(ClientMissingError, match="has no browser client"):
        load_assets(tmp_path)


@pytest.mark.parametrize(
    ("path", "content_type", "file"),
    [
        ("/", "text/html; charset=utf-8", "index.html"),
        ("/stream.html", "text/html; charset=utf-8", "stream.html"),
        ("/js/main.js", "text/javascript; charset=utf-8", "js/main.js"),
        ("/css/app.css", "text/css; charset=utf-8", "css/app.css"),
        ("/icons/icon.svg", "image/svg+xml", "icons/icon.svg"),
        ("/icons/icon-192.png", "image/png", "icons/icon-192.png"),
        ("/manifest.webmanifest", "application/manifest+json", "manifest.webmanifest"),
    ],
)
@scenario
async def test_each_kind_of_file_is_served_with_its_content_type(
    path: str, content_type: str, file: str, tmp_path: Path
) -> None:
    (response,) = await _served(tmp_path, (path, {}))
    assert response.status == 200
    assert response.headers["content-type"] == content_type
    assert response.body == (WEB / file).read_bytes()
    assert response.headers["cache-control"] == "no-cache"


@scenario
async def test_a_file_the_browser_already_has_is_answered_304(tmp_path: Path) -> None:
    etag = load_assets()["/js/main.js"].etag
    again, weak, other = await _served(
        tmp_path,
        ("/js/main.js", {"If-None-Match": etag}),
        ("/js/main.js", {"If-None-Match": f'"x", W/{etag}'}),
        ("/js/main.js", {"If-None-Match": '"stale"'}),
    )
    assert again.status == 304 and again.body == b"" and again.headers["etag"] == etag
    assert weak.status == 304
    assert other.status == 200 and other.body == (WEB / "js" / "main.js").read_bytes()


@pytest.mark.parametrize(
    "path",
    ["/nothing.js", "/../pyproject.toml", "/%2e%2e/%2e%2e/pyproject.toml", "/js/", "/js"],
)
@scenario
async def test_a_path_outside_the_client_is_404(path: str, tmp_path: Path) -> None:
    (response,) = await _served(tmp_path, (path, {}))
    assert response.status == 404 and b"nothing at" in response.body
