"""The browser client (the package's ``web/`` folder), read once and served from memory.

The files are package data found through ``importlib.resources``, never by a path
computed from ``__file__``: the same code serves them from a wheel, an sdist or
editable install, a zipapp, and the compiled build. The client is a few hundred
kilobytes, so it is read once at start-up; each file carries an ETag and is
revalidated on every load (``no-cache``), so a page never runs yesterday's script
against today's server after an upgrade.

A URL path is looked up in the table of files read, never joined to a directory,
so no path can reach outside the client.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

PACKAGE = "pokernight"
FOLDER = "web"
INDEX = "index.html"
# Only these kinds are served; anything else in the folder is not part of the client.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class ClientMissingError(RuntimeError):
    """The package holds no browser client: a broken build, said at start-up."""


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    content_type: str
    etag: str


def web_root() -> Traversable:
    return files(PACKAGE).joinpath(FOLDER)


def load_assets(root: Traversable | None = None) -> dict[str, Asset]:
    """Every servable file under ``root`` (the packaged client by default), by URL path."""
    folder = web_root() if root is None else root
    assets: dict[str, Asset] = {}
    if folder.is_dir():
        _collect(folder, "/", assets)
    if "/" + INDEX not in assets:
        raise ClientMissingError(
            f"this pokernight build has no browser client ({PACKAGE}/{FOLDER}/{INDEX} is "
            "missing): reinstall the package"
        )
    return assets


def _collect(folder: Traversable, prefix: str, assets: dict[str, Asset]) -> None:
    for entry in folder.iterdir():
        if entry.is_dir():
            _collect(entry, f"{prefix}{entry.name}/", assets)
            continue
        content_type = CONTENT_TYPES.get(_suffix(entry.name))
        if content_type is None:
            continue
        body = entry.read_bytes()
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        assets[prefix + entry.name] = Asset(body, content_type, etag)


def _suffix(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot > 0 else ""


class WebClient:
    """The request handler for every path that is not the API: one file of the client."""

    def __init__(self, assets: dict[str, Asset]) -> None:
        self.assets = assets

    async def serve(self, request: Request) -> Response:
        path = request.url.path
        asset = self.assets.get(path + INDEX if path.endswith("/") else path)
        if asset is None:
            raise HTTPException(404)
        headers = {"ETag": asset.etag, "Cache-Control": "no-cache"}
        if asset.etag in _etags(request.headers.get("if-none-match", "")):
            return Response(status_code=304, headers=headers)
        return Response(asset.body, headers=headers, media_type=asset.content_type)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}
