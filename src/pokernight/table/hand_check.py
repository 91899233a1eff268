"""The check of a finished hand's proof, as its reader can make it (``pokernight verify``).

A proof (``fairness.HandProof.for_seat``) holds the commitment and its leaves, the
contributions that mixed the committed deck, the reveals of the cards its reader was
shown and the hand's events as that reader saw them. The check, which
``web/js/verify.js`` makes the same way in the browser:

- the deck was committed before the contributions were taken (its time comes first);
- the reader's own contribution, if they name it, is in the mix, under their seat;
- the leaves give the commitment, and each revealed card is committed at its position;
- each card the reader saw lies where the variant's dealing order puts it
  (``rules.deal_positions``; a draw game's reshuffles recomputed from the leaves and
  the ``reshuffles`` positions), and the mix of the contributions
  (``mixing.mixed_order``) took it there from the committed position it is revealed at;
- nothing is revealed that the reader was not shown, and no deck or salt is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokernight.cards import Card
from pokernight.commitment import Reveal, check_reveals
from pokernight.rules import CardsShown, Event, event_from_dict
from pokernight.rules.deal_positions import DealingError, DealtCard, dealt_cards
from pokernight.rules.draws import leaves_reshuffle_seed
from pokernight.table.mixing import Contribution, contribution_value, mixed_order

SECRETS = ("deck", "salt")


@dataclass(slots=True)
class HandCheck:
    """What the check found: ``problems`` in words (none: the proof holds) and, for the
    reader, each card they saw with its dealt and committed positions."""

    problems: list[str] = field(default_factory=list)
    seen: list[tuple[Card, int, int]] = field(default_factory=list)
    contributions: int = 0
    mine_mixed: bool | None = None


def check_proof(proof: Mapping[str, Any], mine: str | None = None) -> HandCheck:
    """Check ``proof``; ``mine``: the contribution its reader sent (hex), if they know it.
    A ValueError when the proof is not one at all (a missing or malformed part)."""
    commitment = _text(proof, "commitment")
    leaves = [str(item) for item in _list(proof, "leaves")]
    reveals = [Reveal.from_dict(item) for item in _list(proof, "revealed")]
    contributions = [Contribution.from_dict(item) for item in proof.get("contributions", [])]
    events = _events(_list(proof, "events"))
    result = HandCheck(contributions=len(contributions))
    problems = result.problems
    problems += [f"the proof holds the {name}: it must never be sent" for name in SECRETS
                 if name in proof]  # fmt: skip
    problems += _mix_problems(proof, contributions)
    if mine is not None:
        result.mine_mixed = _mine_mixed(proof, contributions, contribution_value(mine))
        if not result.mine_mixed:
            problems.append("your contribution is not in the mix under your seat")
    problems += check_reveals(commitment, leaves, reveals)
    reshuffles = [[int(p) for p in item] for item in proof.get("reshuffles", [])]
    try:
        dealt = dealt_cards(events, reshuffles, leaves_reshuffle_seed(leaves), len(leaves))
    except DealingError as error:
        problems.append(f"the hand's events do not follow the dealing order: {error}")
        return result
    # A draw game deals some positions twice (reshuffled discards): none may lie beyond it.
    if any(item.position >= len(leaves) for item in dealt):
        problems.append("the hand deals more cards than the committed deck holds")
        return result
    order = mixed_order(commitment, contributions, len(leaves))
    problems += _placed(dealt, order, reveals, events, result)
    return result


def _mix_problems(proof: Mapping[str, Any], contributions: list[Contribution]) -> list[str]:
    """Contributions must come after a published commitment, one a seat."""
    if not contributions:
        return []
    committed, dealt = proof.get("committed_at"), proof.get("dealt_at")
    if not isinstance(committed, int | float) or not isinstance(dealt, int | float):
        return ["contributions were mixed, but no commitment was published before them"]
    if committed > dealt:
        return ["the deck was committed after the contributions were mixed"]
    if len({item.seat for item in contributions}) != len(contributions):
        return ["a seat has more than one contribution in the mix"]
    return []


def _mine_mixed(proof: Mapping[str, Any], contributions: list[Contribution], mine: str) -> bool:
    seat, seats = proof.get("seat"), proof.get("seats")
    if isinstance(seat, int) and isinstance(seats, list) and 0 <= seat < len(seats):
        return Contribution(seats[seat], mine) in contributions
    return any(item.value == mine for item in contributions)


def _placed(
    dealt: list[DealtCard],
    order: list[int],
    reveals: list[Reveal],
    events: list[Event],
    result: HandCheck,
) -> list[str]:
    """Each card seen is revealed at the committed position its dealt position came from;
    every reveal is of a card seen."""
    problems = []
    committed = {item.position: item.card for item in reveals}
    explained: set[int] = set()
    for item in dealt:
        if item.card is None:
            continue
        origin = order[item.position]
        explained.add(origin)
        result.seen.append((item.card, item.position, origin))
        if committed.get(origin) != item.card:
            problems.append(
                f"{item.card}, dealt at position {item.position}, is not proven at committed "
                f"position {origin}"
            )
    for event in events:
        if isinstance(event, CardsShown):
            origins = {order[d.position] for d in dealt if d.seat == event.seat}
            for card in event.cards:
                found = [p for p in origins if committed.get(p) == card]
                if not found:
                    problems.append(f"{card}, shown by seat {event.seat}, was not dealt to it")
                elif found[0] not in explained:
                    explained.add(found[0])
                    result.seen.append((card, order.index(found[0]), found[0]))
    extra = sorted(set(committed) - explained)
    if extra:
        cards = ", ".join(str(committed[position]) for position in extra)
        problems.append(f"the proof reveals cards that were not shown: {cards}")
    return problems


def _events(items: list[Any]) -> list[Event]:
    try:
        return [event_from_dict(item) for item in items]
    except (AttributeError, KeyError, TypeError) as error:
        raise ValueError(f"the proof's events are not a hand's events: {error}") from None


def _text(proof: Mapping[str, Any], key: str) -> str:
    value = proof.get(key)
    if not isinstance(value, str):
        raise ValueError(f"the proof's {key} is missing or not text")
    return value


def _list(proof: Mapping[str, Any], key: str) -> list[Any]:
    value = proof.get(key)
    if not isinstance(value, list):
        raise ValueError(f"the proof's {key} is missing or not a list")
    return value
