"""Every intent the protocol lists, sent over a real WebSocket, reaches the table as the
core's own command record (decision 61): the sender taken from the connection, never from
the message, and each field as the message gave it. The room's own messages (chat, deal
and pause, a new invite link, a contribution to the shuffle) reach no table command.

The kinds are read from docs/protocol.md and from the server's decoder: an intent added to
either without a case here fails ``test_every_intent_kind_has_a_case``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, request_json
from pokernight.server.tables import messages
from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import Command, Table
from pokernight.table import commands as core
from tests.server_helpers import FAST, HOLDEM, close_all, open_table, scenario, serving

Json = dict[str, Any]
# Every kind, one after another: more than a page sends at once (the room's speed limit
# is not what this test is about: tests/test_protocol_refusals.py has it).
QUICK = replace(FAST, rate_capacity=200.0, rate_per_second=200.0)
PROTOCOL = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def documented_intents() -> set[str]:
    """The ``type`` of every row of docs/protocol.md's table of intents."""
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text.split("### Intents (client → server)", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    kinds: set[str] = set()
    for row in rows[2:]:  # after the header and its rule
        kinds.update(re.findall(r"`(\w+)`", row.split("|")[1]))
    return kinds


def decoded_intents() -> set[str]:
    """Every ``type`` the server's decoder takes after the hello."""
    return {str(kind.__struct_config__.tag) for kind in messages.INTENTS}


@dataclass(frozen=True)
class Room:
    """The table's people: ``host`` (seat 0) and ``bob``, their player ids, and the code."""

    code: str
    host: TableClient
    bob: TableClient
    host_id: str
    bob_id: str


@dataclass(frozen=True)
class Case:
    """``message``, sent by ``who`` ("host" or "bob"): the command the table should receive
    (``expected(room, settings_before)``), or None for a room's own message, whose effect
    ``heard(client)`` waits for."""

    who: str
    message: Json
    expected: Callable[[Room, Json], Command] | None
    refused: str | None = None  # the reason, when the table (or the room) refuses it
    heard: Callable[[Json], bool] | None = None


CASES: dict[str, list[Case]] = {
    "sit": [
        Case(
            "bob",
            {"type": "sit", "seat": 1, "buy_in": 500},
            # invited: bob came by the invite link, as the connection knows
            lambda r, _: core.SitDown(1, r.bob_id, "player1", 500, invited=True),
        )
    ],
    "act": [
        Case(
            "bob",
            {"type": "act", "kind": "bet_or_raise", "amount": 60},
            lambda r, _: core.Act(r.bob_id, "bet_or_raise", 60),
            "no hand is being played",
        ),
        Case(
            "bob",
            {"type": "act", "kind": "draw", "cards": ["Ah", "Kd"]},
            lambda r, _: core.Act(r.bob_id, "draw", cards=("Ah", "Kd")),
            "no hand is being played",
        ),
    ],
    "sit_out": [Case("bob", {"type": "sit_out"}, lambda r, _: core.SitOut(r.bob_id))],
    "sit_in": [Case("bob", {"type": "sit_in"}, lambda r, _: core.SitIn(r.bob_id))],
    "post_big_blind": [
        Case(
            "bob",
            {"type": "post_big_blind"},
            lambda r, _: core.PostBigBlind(r.bob_id),
            "you are not waiting for the big blind",
        )
    ],
    "add_chips": [
        Case("bob", {"type": "add_chips", "amount": 100}, lambda r, _: core.AddChips(r.bob_id, 100))
    ],
    "straddle": [
        Case(
            "bob",
            {"type": "straddle", "on": True},
            lambda r, _: core.Straddle(r.bob_id, True),
            "this table does not allow straddles (the host may allow them)",
        )
    ],
    "show_cards": [
        Case(
            "bob",
            {"type": "show_cards", "cards": ["Ah"]},
            lambda r, _: core.ShowCards(r.bob_id, ("Ah",)),
            "you have no cards to show: you were not in the last hand",
        )
    ],
    "rabbit_hunt": [
        Case("bob", {"type": "rabbit_hunt"}, lambda r, _: core.RabbitHunt(r.bob_id), "")
    ],
    "settings": [
        Case(
            "host",
            {"type": "settings", "settings": {"action_seconds": 45}},
            # Only the key sent changes: the others keep the table's upcoming values.
            lambda r, before: core.ChangeSettings(
                r.host_id, replace(settings_from_json(before), action_seconds=45.0)
            ),
        )
    ],
    "transfer_host": [
        Case(
            "host",
            {"type": "transfer_host", "player_id": "nobody"},
            lambda r, _: core.TransferHost(r.host_id, "nobody"),
            "that player is not seated: only a seated player can host",
        )
    ],
    "sit_player_out": [
        Case(
            "host",
            {"type": "sit_player_out", "player_id": "nobody"},
            lambda r, _: core.SitPlayerOut(r.host_id, "nobody"),
            "",
        )
    ],
    "correct_stack": [
        Case(
            "host",
            {"type": "correct_stack", "player_id": "B", "stack": 700, "reason": "paid cash"},
            lambda r, _: core.CorrectStack(r.host_id, r.bob_id, 700, "paid cash"),
        )
    ],
    "set_debt_cap": [
        Case(
            "host",
            {"type": "set_debt_cap", "player_id": "B", "cap": 5_000},
            lambda r, _: core.SetDebtCap(r.host_id, r.bob_id, 5_000),
        ),
        Case(
            "host",
            {"type": "set_debt_cap", "player_id": "B", "cap": None},
            lambda r, _: core.SetDebtCap(r.host_id, r.bob_id, None),
        ),
    ],
    "remove_player": [
        Case(
            "host",
            {"type": "remove_player", "player_id": "nobody", "reason": "rude"},
            lambda r, _: core.RemovePlayer(r.host_id, "nobody", "rude"),
            "",
        )
    ],
    "stand_player_up": [
        Case(
            "host",
            {"type": "stand_player_up", "player_id": "H", "reason": "tired"},
            lambda r, _: core.StandPlayerUp(r.host_id, r.host_id, "tired"),
            "you cannot stand yourself up so: stand up to leave",
        )
    ],
    "let_player_back": [
        Case(
            "host",
            {"type": "let_player_back", "player_id": "B"},
            lambda r, _: core.LetPlayerBack(r.host_id, r.bob_id),
            "that player was not removed from this table",
        )
    ],
    "approve_seat": [
        Case(
            "host",
            {"type": "approve_seat", "player_id": "B"},
            lambda r, _: core.ApproveSeat(r.host_id, r.bob_id),
            "that player has not asked for a seat",
        )
    ],
    "decline_seat": [
        Case(
            "host",
            {"type": "decline_seat", "player_id": "B"},
            lambda r, _: core.DeclineSeat(r.host_id, r.bob_id),
            "that player has not asked for a seat",
        )
    ],
    "approve_rebuy": [
        Case(
            "host",
            {"type": "approve_rebuy", "player_id": "B"},
            lambda r, _: core.ApproveRebuy(r.host_id, r.bob_id),
            "that player has not asked to add chips",
        )
    ],
    "decline_rebuy": [
        Case(
            "host",
            {"type": "decline_rebuy", "player_id": "B"},
            lambda r, _: core.DeclineRebuy(r.host_id, r.bob_id),
            "that player has not asked to add chips",
        )
    ],
    "add_bot": [
        Case(
            "host",
            {"type": "add_bot", "seat": 3, "level": "easy", "buy_in": 400},
            lambda r, _: core.AddBot(r.host_id, 3, "easy", 400),
        )
    ],
    "sit_bot_in": [
        Case(
            "host",
            {"type": "sit_bot_in", "seat": 3},
            lambda r, _: core.SitBotIn(r.host_id, 3),
            "Easy bot 4 is not sitting out",
        )
    ],
    "remove_bot": [
        Case("host", {"type": "remove_bot", "seat": 3}, lambda r, _: core.RemoveBot(r.host_id, 3))
    ],
    "call_bomb_pot": [
        Case("host", {"type": "call_bomb_pot"}, lambda r, _: core.CallBombPot(r.host_id))
    ],
    "stand_up": [Case("bob", {"type": "stand_up"}, lambda r, _: core.StandUp(r.bob_id))],
    "close_table": [
        Case(
            "bob",
            {"type": "close_table"},
            lambda r, _: core.CloseTable(r.bob_id),
            "only the host can close the table",
        )
    ],
    # The room's own: no table command.
    "chat": [
        Case(
            "bob",
            {"type": "chat", "text": "nice hand"},
            None,
            heard=lambda frame: frame.get("type") == "chat" and frame["text"] == "nice hand",
        )
    ],
    "new_invite": [
        Case(
            "host",
            {"type": "new_invite"},
            None,
            heard=lambda frame: frame.get("type") == "invite",
        )
    ],
    "contribute": [
        Case(
            "host",
            {"type": "contribute", "hand_number": 1, "commitment": "00", "value": "ab" * 32},
            None,
            "no deck is committed for the next hand yet: wait for its commitment",
        )
    ],
    "start": [
        Case(
            "host",
            {"type": "start"},
            None,
            heard=lambda frame: frame.get("type") == "room" and frame["running"] is True,
        )
    ],
    "pause": [
        Case(
            "host",
            {"type": "pause"},
            None,
            heard=lambda frame: frame.get("type") == "room" and frame["running"] is False,
        )
    ],
}


def test_every_intent_kind_has_a_case() -> None:
    documented, decoded = documented_intents(), decoded_intents()
    assert documented == decoded, "docs/protocol.md and the decoder list other intents"
    assert set(CASES) == decoded, "an intent with no case in this test"


def asked(commands: Collection[Command]) -> list[Command]:
    """The commands among ``commands`` that a client asks for (not the server's own)."""
    return [command for command in commands if hasattr(command, "intent")]


@scenario
async def test_every_intent_reaches_the_table_as_its_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    received: list[Command] = []
    decide = Table.decide

    def observed(table: Table, command: Command, *args: Any, **kwargs: Any) -> Any:
        received.append(command)
        return decide(table, command, *args, **kwargs)

    monkeypatch.setattr(Table, "decide", observed)
    async with serving(tmp_path, QUICK) as url:
        code, (host, bob) = await open_table(url, HOLDEM, players=2)
        await host.sit(0, 500)
        assert host.player_id is not None and bob.player_id is not None
        room = Room(code, host, bob, host.player_id, bob.player_id)
        for kind, cases in CASES.items():
            for case in cases:
                await carry_out(url, room, kind, case, received)
        await close_all([host, bob])


async def carry_out(url: str, room: Room, kind: str, case: Case, received: list[Command]) -> None:
    client = room.host if case.who == "host" else room.bob
    before = (await request_json(url, "GET", f"/api/tables/{room.code}"))["upcoming_settings"]
    named = {"B": room.bob_id, "H": room.host_id}
    message = {
        key: named.get(value, value) if key == "player_id" else value
        for key, value in case.message.items()
    }
    received.clear()
    try:
        await client.request(message)
        refused = None
    except ClientError as error:
        refused = str(error)
    if case.refused is None:
        assert refused is None, f"{kind}: refused ({refused})"
    elif case.refused:
        assert refused == case.refused, kind
    else:
        assert refused is not None, f"{kind}: carried out, not refused"
    if case.expected is None:
        assert asked(received) == [], f"{kind} is the room's own: no table command"
    else:
        assert asked(received) == [case.expected(room, before)], kind
    if case.heard is not None:
        await client.wait_for(case.heard, timeout=10)


@scenario
async def test_a_message_never_names_its_sender(tmp_path: Path) -> None:
    """What the connection says of the sender (who, their name, the invite link, the
    clock's flags) is no field of any message: naming it is refused as malformed."""
    async with serving(tmp_path) as url:
        _, (host, bob) = await open_table(url, HOLDEM, players=2)
        assert host.player_id is not None
        spoofs: list[tuple[Json, str]] = [
            ({"type": "sit_out", "player_id": host.player_id}, "player_id"),
            ({"type": "sit", "seat": 2, "buy_in": 500, "name": "Mallory"}, "name"),
            ({"type": "sit", "seat": 2, "buy_in": 500, "invited": True}, "invited"),
            ({"type": "act", "kind": "fold", "timed_out": True}, "timed_out"),
            ({"type": "add_chips", "amount": 100, "by": host.player_id}, "by"),
        ]
        for message, field in spoofs:
            with pytest.raises(ClientError) as refused:
                await bob.request(message)
            assert str(refused.value) == (
                f"malformed message: Object contains unknown field `{field}`"
            )
        await close_all([host, bob])
