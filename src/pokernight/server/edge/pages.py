"""``/stream/CODE``: the short address of a table's stream view.

The stream view itself is the client's ``stream.html`` (a spectator: no hidden card
can reach it); this address checks the code, so a wrong one gets a clear 404, and
sends the browser there with the code in the fragment.
"""

from __future__ import annotations

from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse


async def stream(request: Request) -> RedirectResponse:
    code = request.path_params["code"]
    await request.app.state.lobby.table(code)  # a clear 404 for a wrong code
    return RedirectResponse(f"/stream.html#{quote(code)}", status_code=307)
