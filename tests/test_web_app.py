"""The room as an app on a phone: a service worker keeps the page shell, never game state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web_helpers import WAIT_MS, served_room


def test_the_page_shell_is_kept_for_offline_and_game_state_never_is(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path) as url:
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(f"{url}/")
        page.wait_for_selector("#create-name")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()  # now the worker controls the page
        page.wait_for_selector("#create-name")
        page.fill("#create-name", "Ann")
        page.click("#create-submit")
        page.wait_for_selector("#felt")
        kept: list[str] = page.evaluate(
            """async () => {
                const names = await caches.keys();
                const urls = [];
                for (const name of names) {
                    const cache = await caches.open(name);
                    const requests = await cache.keys();
                    urls.push(...requests.map((request) => new URL(request.url).pathname));
                }
                return urls;
            }"""
        )
        controlled = page.evaluate("navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        page.goto(f"{url}/")  # offline: the lobby still opens from the kept shell
        page.wait_for_selector("#create-name")
        context.close()
    assert controlled
    assert {"/", "/index.html", "/js/main.js", "/css/app.css", "/js/table_page.js"} <= set(kept)
    # Of the API only the games (the server's variant table, the same for every table).
    assert not [
        path for path in kept if path.startswith(("/api/", "/ws/")) and path != "/api/games"
    ], kept
