"""One stored hand, step by step, for the hand replayer (``GET .../hands/{number}/replay``).

The hand is read back from the table's stored events (every hand the table ever
finished, not only the last few kept in memory): its own events only, from where the
hands projection says its deal is in the log (``TableLog.hand_log``); a hand stored before
that index (migration 0010) is found by folding the whole log. It is cut into steps by
``history.replay_steps``; this turns them into JSON in the live frames' own words
(``wire.chips_json``, the engine's events as ``to_dict`` makes them). Privacy is live
play's: the steps are the view of the hand seat whose seat token the request carries
(the same token a WebSocket hello carries, here as ``Authorization: Bearer``), a
spectator's view for a request without one.

``?coach=1`` adds the coach (``bots.coach``, issue 37): each of the viewer's own decisions
priced, from what they saw then and the hands shown at the end; none for a spectator.
It is worked out in a worker thread, so a table's actor is not kept waiting.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.requests import Request

from pokernight.bots.coach import (
    Advice,
    advice_lines,
    against_words,
    equity_words,
    worth_choices,
)
from pokernight.bots.coach import coach as coach_of
from pokernight.history.decisions import decisions
from pokernight.history.replay_steps import ReplayStep, replay_steps, step_ends
from pokernight.history.table_export import PlayedHand, finished_hand, hand_from_its_events
from pokernight.rules import CardsShown, PotAwarded
from pokernight.rules.hand_names import hand_structure
from pokernight.server.tables.actor import TableActor
from pokernight.server.tables.identity import bearer_token, device_token, member_seat
from pokernight.server.tables.messages import RefusedError
from pokernight.server.tables.storage import TableStorage
from pokernight.server.tables.wire import Json, chips_json, deal_json, event_json
from pokernight.store import HandLog, TableReads
from pokernight.table import HandProof, table_event_from_dict


class NoSuchHandError(LookupError):
    """A hand number the table has not finished (never dealt, or still in play): a 404."""


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A finished hand read back from the store, and the hands shown after it ended."""

    played: PlayedHand
    shown_after: tuple[CardsShown, ...]


async def stored_hand(tables: TableReads, table_id: int, code: str, number: int) -> StoredHand:
    """Finished hand ``number`` of the table, from the table log: its own events, found through
    the hands projection, whatever the length of the log (issue 30: folding the whole log
    took 0.11 s a request at 300 hands, and 60 at once held every table up for seconds)."""
    log = await tables.hand_log(table_id, number)
    if log is None or not log.ended:  # never dealt, or in play: no need to read the log
        raise NoSuchHandError(f"table {code} has no finished hand #{number}")
    if _indexed(log):
        found = _from_its_events(log)
    else:  # stored before the index (migration 0010): the whole log is folded
        stored = await tables.load_events(table_id)
        found = finished_hand((table_event_from_dict(item.data) for item in stored), number)
    if found is None:
        raise NoSuchHandError(f"table {code} has no finished hand #{number}")
    return StoredHand(*found)


def _indexed(log: HandLog) -> bool:
    """The hand's own events and its seats' names are stored (a hand dealt since 0010)."""
    return log.events is not None and "names" in log.summary


def _from_its_events(log: HandLog) -> tuple[PlayedHand, tuple[CardsShown, ...]] | None:
    assert log.events is not None
    events = (table_event_from_dict(item.data) for item in log.events)
    return hand_from_its_events(events, log.summary["names"], log.summary["players"])


async def viewer_id(store: TableStorage, actor: TableActor, request: Request) -> str | None:
    """The player whose seat token the request carries, or whose member's device it carries
    (their seat at this table); None: a spectator (a member with no seat here too)."""
    token = bearer_token(request, "bearer_seat_token")
    if token is None:
        device = device_token(request)
        seat = None if device is None else await member_seat(store, actor.table_id, device)
        return None if seat is None else str(seat)
    player = await store.tables.player_by_token(actor.table_id, token)
    if player is None:
        raise RefusedError("token_other_table", code=actor.code)
    return str(player.id)


def replay_json(stored: StoredHand, viewer: str | None, seat_count: int) -> Json:
    """The hand's steps as ``viewer`` (a player id; None: a spectator) may see them."""
    played = stored.played
    started, hand = played.started, played.hand
    mine = played.player_ids.index(viewer) if viewer in played.player_ids else None
    steps = replay_steps(hand, mine, stored.shown_after)
    streets: list[Json] = []
    for number, step in enumerate(steps):
        if not streets or streets[-1]["index"] != step.street:
            streets.append({"index": step.street, "name": step.street_name, "first_step": number})
    return {
        **deal_json(started),
        "names": list(played.names),
        "viewer": {"player_id": viewer, "hand_seat": mine},
        # What the felt needs of the table: its size and who sat where, with what, at the deal.
        "table": {
            "seat_count": max(seat_count, max(started.seats) + 1),
            "seated": [
                {
                    "seat": seat,
                    "player_id": player_id,
                    "name": name,
                    "stack": stack,
                }
                for seat, player_id, name, stack in zip(
                    started.seats, played.player_ids, played.names, started.stacks, strict=True
                )
            ],
        },
        "streets": streets,
        "steps": [_step_json(step, played) for step in steps],
        "result": _result_json(played),
        "final_stacks": list(hand.final_stacks or hand.stacks),
        # The viewer's proof, as live play sent it when the hand ended: the Verify button.
        "fairness": HandProof(started, hand.events).for_seat(mine),
    }


def _step_json(step: ReplayStep, played: PlayedHand) -> Json:
    seen, seats = step.seen, played.started.seats
    # The pots still in the middle: once a pot is awarded it is in a winner's stack.
    awarded = {event.index for event in seen.events if isinstance(event, PotAwarded)}
    pots = [pot for index, pot in enumerate(seen.pots) if index not in awarded]
    return {
        "street": step.street,
        "street_name": step.street_name,
        "events": [event_json(event) for event in step.events],
        "board": [str(card) for card in seen.board],
        "cards": [[None if card is None else str(card) for card in cards] for cards in seen.cards],
        "status": {
            "hand_number": played.number,
            "to_act": None if step.to_act is None else seats[step.to_act],
            "legal": None,
            "deadline": None,
            "away_deadline": None,
            "action_deadline": None,
            **chips_json(
                seen.stacks,
                seen.bets,
                pots=pots,
                pot=seen.pot,
                folded=seen.folded,
                wild_ranks=seen.wild_ranks,
            ),
        },
    }


def _result_json(played: PlayedHand) -> list[Json]:
    """Each pot's winners, their chips and the five cards that won it (none when unseen)."""
    events = played.hand.events
    best = {event.seat: event.best for event in events if isinstance(event, CardsShown)}
    return [
        {
            "pot": award.index,
            "amount": award.amount,
            "description": award.description,
            "hand": hand_structure(award.description) if award.description else None,
            "winners": [
                {
                    "seat": played.started.seats[index],
                    "name": played.names[index],
                    "chips": chips,
                    "best": [str(card) for card in best.get(index, ())],
                }
                for index, chips in award.winners
            ],
        }
        for award in events
        if isinstance(award, PotAwarded)
    ]


def wants_coach(request: Request) -> bool:
    return request.query_params.get("coach") in ("1", "true")


async def coached(shown: Json, stored: StoredHand, viewer: str | None) -> Json:
    """The replay ``shown`` with the coach's advice to ``viewer`` (``coach``), worked out in
    a worker thread (a preflop decision's Monte Carlo takes some tens of milliseconds)."""
    return {**shown, "coach": await asyncio.to_thread(coach_json, stored, viewer)}


def coach_json(stored: StoredHand, viewer: str | None) -> list[Json]:
    """Each of ``viewer``'s decisions priced (none for a spectator): ``step`` is the step
    after which the hand waited for it (the next step is the decision itself)."""
    played = stored.played
    if viewer not in played.player_ids:
        return []
    mine = played.player_ids.index(viewer)
    ends = step_ends(played.hand.events)
    advice = coach_of(decisions(played.hand, mine, stored.shown_after), seed=played.number)
    return [_advice_json(item, ends.index(item.index), played) for item in advice]


def _advice_json(advice: Advice, step: int, played: PlayedHand) -> Json:
    seats, names = played.started.seats, played.names

    def name_of(index: int) -> str:
        return names[index]

    # Beside the English words, the facts a page words in its language (issue 38).
    worth = [
        {
            "choice": choice.words,
            "kind": choice.kind,
            "bet_to": choice.bet_to,
            "chips": choice.chips,
            "made": choice.made,
        }
        for choice in worth_choices(advice)
    ]
    action = advice.action
    return {
        "step": step,
        "seat": seats[advice.seat],
        "name": names[advice.seat],
        "street": advice.street,
        "pot": advice.pot,
        "to_call": advice.to_call,
        "could_win": advice.could_win,
        "pot_odds": float(advice.pot_odds),
        "equity": advice.equity,
        "error": advice.error,
        "exact": advice.exact,
        "deals": advice.deals,
        "equity_words": equity_words(advice),
        "against": [
            {
                "seat": seats[opponent.seat],
                "name": names[opponent.seat],
                "cards": [str(card) for card in opponent.cards] if opponent.shown else None,
                "range": opponent.range,
                "assumed": opponent.assumed.to_dict() if opponent.assumed else None,
            }
            for opponent in advice.against
        ],
        "against_words": against_words(advice, name_of),
        "assumed": advice.ranged,
        "worth": worth,
        "lines": advice_lines(advice, name_of),
        "action": {
            "says": action.says or str(action.kind),
            "amount": action.amount,
            "all_in": action.all_in,
        },
        "cards": [str(card) for card in advice.cards],
        "board": [str(card) for card in advice.board],
    }
