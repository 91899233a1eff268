"""The pages the server itself renders: a placeholder home page and the stream view.

The stream view is a spectator: it opens the same WebSocket with no token, so
it receives only public versions (no hidden card can reach it). Text from
players (names, chat) is put in the page with ``textContent``, never as HTML.
"""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse

HOME = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pokernight</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto">
<h1>pokernight</h1>
<p>The poker room is running. The browser table is not installed in this build.</p>
<p>Create a table: <code>POST /api/tables</code> with <code>{"name": "you"}</code>;
join one with its 4-digit code: <code>POST /api/tables/CODE/join</code>;
play over the WebSocket <code>/ws/CODE</code> (see <code>docs/protocol.md</code>),
or from a terminal with the Python client <code>pokernight.client</code>.</p>
<p>Stream view for OBS or a screen share: <code>/stream/CODE</code>.</p>
</body></html>
"""

STREAM = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pokernight table {code}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ background: #0b3d2e; color: #fff; font: 32px/1.3 sans-serif; margin: 1em; }}
#board {{ font-size: 64px; letter-spacing: .1em; }}
.seat {{ display: inline-block; margin: .3em 1em .3em 0; }}
.turn {{ color: #ffd54a; }}
#log {{ font-size: 24px; opacity: .8; }}
</style></head>
<body>
<div>Table {code} <span id="hand"></span></div>
<div id="board"></div><div id="pot"></div><div id="seats"></div><div id="log"></div>
<script>
const code = "{code}";
let table = {{seats: []}}, hand = null, version = 0, log = [];
const el = (id) => document.getElementById(id);
function render() {{
  el("hand").textContent = hand ? "hand " + hand.hand_number : "";
  el("board").textContent = hand ? hand.board.join(" ") : "";
  const status = hand && hand.status;
  el("pot").textContent = status ? "pot " + status.pots.reduce((a, b) => a + b, 0) : "";
  const seats = el("seats"); seats.replaceChildren();
  for (const seat of table.seats) {{
    const div = document.createElement("div");
    div.className = "seat" + (status && status.to_act === seat.seat ? " turn" : "");
    let text = seat.name + " " + seat.stack;
    if (hand) {{
      const i = hand.seats.indexOf(seat.seat);
      if (i >= 0) {{
        text = seat.name + " " + status.stacks[i];
        const cards = (hand.cards[i] || []).map((c) => c || "##").join(" ");
        if (cards) text += " [" + cards + "]";
      }}
    }}
    div.textContent = text; seats.appendChild(div);
  }}
  el("log").textContent = log.slice(-5).join(" · ");
}}
function onHandEvent(e) {{
  if (!hand) return;
  if (e.type === "CardsDealt") {{
    if (e.seat === null) hand.board.push(...e.cards);
    else hand.cards[e.seat].push(...(e.cards.length ? e.cards : Array(e.hidden).fill(null)));
  }} else if (e.type === "CardsShown") hand.cards[e.seat] = e.cards;
  else if (e.type === "PotAwarded") log.push("pot " + e.amount + " " + e.description);
}}
function refresh() {{
  fetch("/api/tables/" + code).then((r) => r.json()).then((info) => {{ table = info; render(); }});
}}
function connect() {{
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws/" + code);
  ws.onopen = () => ws.send(JSON.stringify({{type: "hello", protocol: 1, last_seq: version}}));
  ws.onmessage = (m) => {{
    const e = JSON.parse(m.data);
    if (e.v !== undefined) version = e.v;
    if (e.type === "snapshot") {{ table = e.table; hand = e.hand; }}
    else if (e.type === "HandStarted") hand = {{hand_number: e.hand_number, seats: e.seats,
      board: [], cards: e.seats.map(() => []), status: null}};
    else if (e.type === "HandFinished") {{ hand = null; refresh(); }}
    else if (e.type === "PlayerActed") log.push(e.seat + ": " + e.kind + " " + (e.amount || ""));
    else if (e.type && e.type[0] === e.type[0].toUpperCase()) refresh();
    for (const h of e.hand || []) onHandEvent(h);
    if (hand && e.status) hand.status = e.status;
    render();
  }};
  ws.onclose = () => setTimeout(connect, 1000);
}}
connect();
</script></body></html>
"""


async def home(request: Request) -> HTMLResponse:
    return HTMLResponse(HOME)


async def stream(request: Request) -> HTMLResponse:
    request.app.state.lobby.actor(request.path_params["code"])  # a clear 404 for a wrong code
    return HTMLResponse(STREAM.format(code=html.escape(request.path_params["code"])))
