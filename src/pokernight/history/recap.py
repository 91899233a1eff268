"""The night's recap: a closed table's night told in a few lines and figures (issue 37).

Worked out once, by the server, from the table's finished hands and its ledger; the pages
and the image (``server/tables/recap_image.py``) only show it (decision 69):

- the biggest pot: the hand whose pots summed most, and who took chips of it;
- who ran hottest and coldest against their all-in equity: each player's chips won beyond
  what the pots run out all in gave them by their equity (``history.luck``, decision 67);
- most hands won: the hands in which a player took chips of a pot (a share counts);
- the 7-2 bounties collected;
- each person's net (and expected) and who pays whom (the table's settle-up: people
  only, a bot's chips are nobody's money, decision 23).

``RecapTally`` takes the hands as they finish (a server keeps one per table); ``night_recap``
folds a whole night at once. Both are pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace
from typing import Any

from pokernight.rules import VARIANTS, Event, PotAwarded
from pokernight.table import Transfer
from pokernight.words import Words, words_in


@dataclass(frozen=True, slots=True)
class RecapHand:
    """What the recap takes of a finished hand: by hand seat, the players' ids, their
    ``results`` (stack changes) and ``expected`` results (all-in adjusted); ``winners``:
    the hand seats that took chips of a pot."""

    number: int
    variant: str
    pot: int
    player_ids: tuple[str, ...]
    results: tuple[int, ...]
    expected: tuple[int, ...]
    winners: tuple[int, ...]


def recap_hand(
    number: int,
    variant: str,
    player_ids: Sequence[str],
    events: Sequence[Event],
    *,
    results: Sequence[int],
    expected: Sequence[int],
) -> RecapHand:
    """A finished hand from its engine events and its (expected) results."""
    awards = [event for event in events if isinstance(event, PotAwarded)]
    winners = sorted({seat for award in awards for seat, chips in award.winners if chips > 0})
    return RecapHand(
        number=number,
        variant=variant,
        pot=sum(award.amount for award in awards),
        player_ids=tuple(player_ids),
        results=tuple(results),
        expected=tuple(expected),
        winners=tuple(winners),
    )


@dataclass(frozen=True, slots=True)
class Bounty:
    """A 7-2 bounty collected: at hand ``hand_number``, by ``player_id``, ``chips`` in all."""

    hand_number: int
    player_id: str
    chips: int


@dataclass(frozen=True, slots=True)
class Standing:
    player_id: str
    name: str
    net: int
    expected: int
    bot: bool


@dataclass(frozen=True, slots=True)
class Recap:
    """A night's figures (player ids, with their ``names``) and its ``lines``, the same
    figures in English words, which the image shows and a page words in its language
    (``variants``: the keys of ``games``, for that)."""

    code: str
    hands: int
    games: tuple[str, ...]
    biggest_pot: dict[str, Any] | None
    hottest: dict[str, Any] | None
    coldest: dict[str, Any] | None
    most_won: dict[str, Any] | None
    bounties: tuple[dict[str, Any], ...]
    standings: tuple[Standing, ...]
    settle_up: tuple[dict[str, Any], ...]
    lines: tuple[str, ...]
    variants: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "hands": self.hands,
            "games": list(self.games),
            "variants": list(self.variants),
            "biggest_pot": self.biggest_pot,
            "hottest": self.hottest,
            "coldest": self.coldest,
            "most_won": self.most_won,
            "bounties": list(self.bounties),
            "standings": [
                {
                    "player_id": row.player_id,
                    "name": row.name,
                    "net": row.net,
                    "expected": row.expected,
                    "bot": row.bot,
                }
                for row in self.standings
            ],
            "settle_up": list(self.settle_up),
            "lines": list(self.lines),
        }


class RecapTally:
    """The recap's figures summed as the hands finish: a few numbers per player, the
    biggest pot and the bounties, never the hands themselves."""

    def __init__(self) -> None:
        self.hands = 0
        self.variants: list[str] = []
        self.biggest: RecapHand | None = None
        self.won: dict[str, int] = {}
        self.luck: dict[str, int] = {}
        self.all_ins: dict[str, int] = {}
        self.bounties: list[Bounty] = []

    def add(self, hand: RecapHand) -> None:
        self.hands += 1
        if hand.variant not in self.variants:
            self.variants.append(hand.variant)
        if self.biggest is None or hand.pot > self.biggest.pot:
            self.biggest = hand
        for seat in hand.winners:
            player_id = hand.player_ids[seat]
            self.won[player_id] = self.won.get(player_id, 0) + 1
        for player_id, result, expected in zip(
            hand.player_ids, hand.results, hand.expected, strict=True
        ):
            if result != expected:
                self.luck[player_id] = self.luck.get(player_id, 0) + result - expected
                self.all_ins[player_id] = self.all_ins.get(player_id, 0) + 1

    def bounty(self, bounty: Bounty) -> None:
        self.bounties.append(bounty)

    def recap(
        self,
        code: str,
        names: Mapping[str, str],
        bots: Set[str],
        nets: Mapping[str, int],
        transfers: Iterable[Transfer],
    ) -> Recap:
        """The night's recap: ``names`` of everybody who sat (by id), the ``bots`` among
        them, each one's ``nets`` (the ledger's) and the settle-up's ``transfers``."""

        def name(player_id: str) -> str:
            return names.get(player_id, player_id)

        biggest = None
        if self.biggest is not None and self.biggest.pot > 0:
            hand = self.biggest
            biggest = {
                "hand_number": hand.number,
                "pot": hand.pot,
                "game": _game(hand.variant),
                "winners": [name(hand.player_ids[seat]) for seat in hand.winners],
            }
        hottest = coldest = None
        if self.luck:
            hot = max(self.luck, key=lambda p: (self.luck[p], -_order(names, p)))
            cold = min(self.luck, key=lambda p: (self.luck[p], _order(names, p)))
            if self.luck[hot] > 0:
                hottest = self._luck_json(hot, name(hot))
            if self.luck[cold] < 0:
                coldest = self._luck_json(cold, name(cold))
        most_won = None
        if self.won:
            most = max(self.won.values())
            tied = [
                p for p in sorted(self.won, key=lambda p: _order(names, p)) if self.won[p] == most
            ]
            most_won = {"names": [name(p) for p in tied], "hands": most, "of": self.hands}
        collected: dict[str, list[Bounty]] = {}
        for bounty in self.bounties:
            collected.setdefault(bounty.player_id, []).append(bounty)
        bounties = tuple(
            {
                "name": name(player_id),
                "count": len(won),
                "chips": sum(bounty.chips for bounty in won),
                "hands": [bounty.hand_number for bounty in won],
            }
            for player_id, won in collected.items()
        )
        standings = tuple(
            sorted(
                (
                    Standing(
                        player_id,
                        name(player_id),
                        net,
                        net - self.luck.get(player_id, 0),
                        player_id in bots,
                    )
                    for player_id, net in nets.items()
                ),
                key=lambda row: (row.bot, -row.net, _order(names, row.player_id)),
            )
        )
        settle = tuple(
            {"payer": name(t.payer), "payee": name(t.payee), "amount": t.amount} for t in transfers
        )
        recap = Recap(
            code=code,
            hands=self.hands,
            games=tuple(_game(variant) for variant in self.variants),
            variants=tuple(self.variants),
            biggest_pot=biggest,
            hottest=hottest,
            coldest=coldest,
            most_won=most_won,
            bounties=bounties,
            standings=standings,
            settle_up=settle,
            lines=(),
        )
        return replace(recap, lines=recap_lines(recap))

    def _luck_json(self, player_id: str, name: str) -> dict[str, Any]:
        return {"name": name, "luck": self.luck[player_id], "all_ins": self.all_ins[player_id]}


def night_recap(
    code: str,
    hands: Iterable[RecapHand],
    bounties: Iterable[Bounty],
    *,
    names: Mapping[str, str],
    bots: Set[str],
    nets: Mapping[str, int],
    transfers: Iterable[Transfer],
) -> Recap:
    """The recap of a night: its finished ``hands`` in order, the ``bounties`` collected,
    and the ledger (``names``, ``bots``, ``nets``, the settle-up's ``transfers``)."""
    tally = RecapTally()
    for hand in hands:
        tally.add(hand)
    for bounty in bounties:
        tally.bounty(bounty)
    return tally.recap(code, names, bots, nets, transfers)


def recap_lines(recap: Recap, words: Words | None = None) -> tuple[str, ...]:
    """The night in words, the same lines on every page and in the image: in English
    unless ``words`` says otherwise, from the catalogue the page's ``recap.js`` words them
    from."""
    say = words or words_in("en")
    number = say.grouped
    if not recap.hands:
        return (say("rooms.recap.no_hand", code=recap.code),)
    games = [
        say(f"table.game.{key}") if f"table.game.{key}" in say.english else title
        for key, title in zip(recap.variants, recap.games, strict=False)
    ]
    hands = say("rooms.recap.hands", count=number(recap.hands))
    listed = _listed(games or list(recap.games), say)
    lines = [say("rooms.recap.night", code=recap.code, hands=hands, games=listed)]
    if recap.biggest_pot is not None:
        pot = recap.biggest_pot
        lines.append(
            say(
                "rooms.recap.biggest_pot",
                pot=number(pot["pot"]),
                number=number(pot["hand_number"]),
                winners=_listed(pot["winners"], say),
            )
        )
    for key, luck, sign in (("hottest", recap.hottest, 1), ("coldest", recap.coldest, -1)):
        if luck is not None:
            all_ins = say("rooms.recap.all_ins", count=number(luck["all_ins"]))
            lines.append(
                say(
                    f"rooms.recap.{key}",
                    name=luck["name"],
                    chips=number(sign * luck["luck"]),
                    all_ins=all_ins,
                )
            )
    if recap.hottest is None and recap.coldest is None:
        lines.append(say("rooms.recap.no_luck"))
    if recap.most_won is not None:
        most = recap.most_won
        names = _listed(most["names"], say)
        lines.append(
            say(
                "rooms.recap.most_won",
                names=names,
                hands=number(most["hands"]),
                of=number(most["of"]),
            )
        )
    for bounty in recap.bounties:
        times = say("rooms.recap.times", count=number(bounty["count"]))
        lines.append(
            say(
                "rooms.recap.bounty",
                name=bounty["name"],
                chips=number(bounty["chips"]),
                times=times,
            )
        )
    if recap.settle_up:
        lines.extend(
            say(
                "rooms.recap.pays",
                payer=item["payer"],
                payee=item["payee"],
                amount=number(item["amount"]),
            )
            for item in recap.settle_up
        )
    elif any(not row.bot for row in recap.standings):
        lines.append(say("rooms.recap.nobody_owes"))
    return tuple(lines)


def _listed(items: Sequence[str], say: Words) -> str:
    """ "A, B and C", as the page's ``Intl.ListFormat`` lists them."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return say("rooms.recap.listed", items=", ".join(items[:-1]), last=items[-1])


def _game(variant: str) -> str:
    known = VARIANTS.get(variant)
    return variant if known is None else known.title


def _order(names: Mapping[str, str], player_id: str) -> int:
    """Who sat first comes first among equals (``names`` is in the order they came)."""
    for index, known in enumerate(names):
        if known == player_id:
            return index
    return len(names)
