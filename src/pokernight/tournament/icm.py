"""Deal-making for the players left: ICM and the chip chop, to the chip.

**ICM** (the Malmuth-Harville model): a player wins first place with the share of
the chips they hold; given who finished above, each next place goes the same way
among the players left. A player's equity is their chance of each place times its
prize, summed. It is computed exactly over every order of finishing (so up to about
ten players: 2^10 sets of players left), in floating point.

**Chip chop**: everybody is paid the lowest prize still in play, and the rest of the
money is shared in proportion to chips.

Both are rounded to whole chips by largest remainder (the larger stack first on a
tie), so the amounts sum to the money left exactly and a larger stack never gets less.
The result is a proposal: ``RecordDeal`` records what the players agree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache

from pokernight.tournament.errors import TournamentError

MAX_ICM_PLAYERS = 12
"""ICM walks every set of players left: 2^12 sets is still quick; more is not offered."""


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Each player's expected prize under the Malmuth-Harville model (``prizes``: the
    prizes still in play, first place first; places beyond the players are ignored)."""
    _check(stacks, prizes)
    count = len(stacks)
    paid = [*prizes[:count]]
    while paid and paid[-1] == 0:
        paid.pop()

    @cache
    def equity(left: int) -> tuple[float, ...]:
        """Expected prizes of the players in bitmask ``left``, playing for the places
        from ``count - |left|`` down."""
        place = count - left.bit_count()
        result = [0.0] * count
        if place >= len(paid):
            return tuple(result)
        members = [player for player in range(count) if left >> player & 1]
        total = sum(stacks[player] for player in members)
        for winner in members:
            chance = stacks[winner] / total
            result[winner] += chance * paid[place]
            for player, value in enumerate(equity(left & ~(1 << winner))):
                result[player] += chance * value
        return tuple(result)

    return list(equity((1 << count) - 1))


def icm_deal(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """The ICM deal in whole chips: each player's equity, summing to the money left."""
    players = list(stacks)
    values = icm_equities([stacks[player] for player in players], prizes)
    money = sum(prizes[: len(players)])
    return _to_chips(players, values, money, stacks)


def chip_chop(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """The lowest prize in play to everybody, the rest in proportion to chips."""
    players = list(stacks)
    _check([stacks[player] for player in players], prizes)
    places = prizes[: len(players)]
    floor = places[-1] if len(places) == len(players) else 0
    rest = sum(places) - floor * len(players)
    total = sum(stacks.values())
    values = [floor + rest * stacks[player] / total for player in players]
    return _to_chips(players, values, sum(places), stacks)


def _to_chips(
    players: Sequence[str], values: Sequence[float], money: int, stacks: Mapping[str, int]
) -> dict[str, int]:
    """``values`` in whole chips summing to ``money``: each rounded down, the chips left
    one each by largest remainder (the larger stack first on a tie)."""
    amounts = {player: math.floor(value) for player, value in zip(players, values, strict=True)}
    order = sorted(
        range(len(players)),
        key=lambda index: (-(values[index] - math.floor(values[index])), -stacks[players[index]]),
    )
    left = money - sum(amounts.values())
    # Floating point may leave the sum a chip off either way: it is settled here.
    step = 1 if left > 0 else -1
    cursor = 0 if left > 0 else len(order) - 1
    while left:
        amounts[players[order[cursor % len(order)]]] += step
        left -= step
        cursor += step
    return amounts


def _check(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    if not 1 <= len(stacks) <= MAX_ICM_PLAYERS:
        raise TournamentError("icm_players", most=MAX_ICM_PLAYERS)
    if any(stack <= 0 for stack in stacks):
        raise TournamentError("icm_stacks")
    if any(prize < 0 for prize in prizes) or list(prizes) != sorted(prizes, reverse=True):
        raise TournamentError("icm_prizes")
