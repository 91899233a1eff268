"""Draw games: what a sensible player throws away, and draw equity by Monte Carlo.

Draw equity cannot be enumerated as a board game's can: what a hand becomes depends on
what each player chooses to throw at each draw still to come. So it is sampled: the
unseen cards are dealt to the opponents at random, then every hand, ours included,
draws by ``standard_discards`` at each draw left, and the final hands are compared by
the game's evaluator. A player's share of a sample is 1 for a win, 1/k for a k-way tie.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pokernight.cards import CARDS, Card, Rank
from pokernight.evaluate import high_value
from pokernight.evaluate.badugi import badugi_value, best_badugi, low_rank
from pokernight.evaluate.deuce_seven import deuce_seven_value
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category

DRAW_SHOWDOWNS: Final = ("high", "deuce7", "badugi")

_HIGH_KEEP: Final = Rank.JACK  # five-card draw: with nothing, keep an ace or king... above this
_DEUCE_SEVEN_KEEP: Final = Rank.NINE  # 2-7: keep distinct cards up to a nine (aces are high)
_EASY_DEUCE_SEVEN_KEEP: Final = Rank.TEN
_BADUGI_KEEP: Final = 8  # badugi: keep a kept card up to an eight (its low rank, ace 0)


def value_of(showdown: str) -> Callable[[Sequence[Card]], int]:
    """The evaluator a draw game's showdown uses (higher is better)."""
    if showdown == "deuce7":
        return deuce_seven_value
    if showdown == "badugi":
        return badugi_value
    return high_value


def standard_discards(cards: Sequence[Card], showdown: str) -> tuple[Card, ...]:
    """The cards a sound player throws from ``cards`` (none: stand pat)."""
    if showdown == "deuce7":
        return _deuce_seven_discards(cards)
    if showdown == "badugi":
        return _badugi_discards(cards)
    return _high_discards(cards)


def easy_discards(cards: Sequence[Card], showdown: str) -> tuple[Card, ...]:
    """A beginner's draw: keeps any made group (high), every distinct card up to a ten
    (2-7: even a beginner throws a face card from a low hand), its best badugi whatever the
    ranks; draws to nothing else."""
    if showdown == "badugi":
        kept = best_badugi(cards)
        return tuple(card for card in cards if card not in kept)
    counts = Counter(card.rank for card in cards)
    if showdown == "deuce7":
        seen: set[int] = set()
        throw = []
        for card in cards:
            if card.rank in seen or card.rank > _EASY_DEUCE_SEVEN_KEEP:
                throw.append(card)
            seen.add(card.rank)
        return tuple(throw)
    if max(counts.values()) >= 2:
        return tuple(card for card in cards if counts[card.rank] < 2)
    return ()


def _high_discards(cards: Sequence[Card]) -> tuple[Card, ...]:
    if high_value(cards) >> CATEGORY_SHIFT >= Category.STRAIGHT:  # a straight or better: pat
        return ()
    counts = Counter(card.rank for card in cards)
    if max(counts.values()) >= 2:  # pairs, two pair, trips: keep the groups
        return tuple(card for card in cards if counts[card.rank] < 2)
    suits = Counter(card.suit for card in cards)
    suit, count = suits.most_common(1)[0]
    if count == 4:  # four to a flush
        return tuple(card for card in cards if card.suit != suit)
    ranks = sorted({int(card.rank) for card in cards})
    for low in range(len(ranks) - 3):
        if ranks[low + 3] - ranks[low] == 3:  # four in a row, open-ended or not
            run = set(ranks[low : low + 4])
            return tuple(card for card in cards if card.rank not in run)
    high = max(cards)
    if high.rank > _HIGH_KEEP:
        return tuple(card for card in cards if card != high)
    return tuple(cards)


def _deuce_seven_discards(cards: Sequence[Card]) -> tuple[Card, ...]:
    if _is_pat_deuce_seven(cards):
        return ()
    kept: list[Card] = []
    for card in sorted(cards, key=lambda card: card.rank):
        if card.rank <= _DEUCE_SEVEN_KEEP and all(card.rank != other.rank for other in kept):
            kept.append(card)
    suits = Counter(card.suit for card in kept)
    if len(kept) == 5 and len(suits) == 1:
        kept.pop()  # five to a flush counts against: break it with the highest card
    return tuple(card for card in cards if card not in kept)


def _is_pat_deuce_seven(cards: Sequence[Card]) -> bool:
    """No pair, straight or flush, and a nine or lower at the top: good enough to keep."""
    ranks = {card.rank for card in cards}
    if len(ranks) < len(cards) or max(ranks) > _DEUCE_SEVEN_KEEP:
        return False
    return high_value(cards) >> CATEGORY_SHIFT == Category.HIGH_CARD  # no straight, no flush


def _badugi_discards(cards: Sequence[Card]) -> tuple[Card, ...]:
    kept = best_badugi(cards)
    if len(kept) == len(cards):
        # A badugi: keep it unless its top card is a face card (then break it).
        top = max(kept, key=lambda card: low_rank(card.rank))
        return (top,) if low_rank(top.rank) > Rank.JACK else ()
    keep = [card for card in kept if low_rank(card.rank) <= _BADUGI_KEEP]
    return tuple(card for card in cards if card not in keep)


@dataclass(frozen=True, slots=True)
class DrawSpot:
    """What one player knows in a draw game: their cards, the cards they know are out of
    play (their own discards), how many opponents are live, how many draws are left."""

    showdown: str
    mine: tuple[Card, ...]
    dead: tuple[Card, ...]
    opponents: int
    draws_left: int


def draw_equity(spot: DrawSpot, samples: int, rng: random.Random) -> float:
    """``spot``'s equity against random opponents who all draw soundly to the end."""
    value = value_of(spot.showdown)
    known = set(spot.mine) | set(spot.dead)
    unseen = [card for card in CARDS if card not in known]
    size = len(spot.mine)
    total = 0.0
    for _ in range(samples):
        deck = unseen[:]
        rng.shuffle(deck)
        hands = [list(spot.mine)]
        for _ in range(spot.opponents):
            hands.append(deck[-size:])
            del deck[-size:]
        for _ in range(spot.draws_left):
            for hand in hands:
                throw = standard_discards(hand, spot.showdown)
                if len(throw) > len(deck):
                    break  # the sample's stub ran dry: the rest stand pat
                for card in throw:
                    hand.remove(card)
                hand.extend(deck[-len(throw) :] if throw else ())
                del deck[len(deck) - len(throw) :]
        values = [value(hand) for hand in hands]
        best = max(values)
        if values[0] == best:
            total += 1 / values.count(best)
    return total / samples if samples else 0.0


ProgressReport = Callable[[int, int], None]


def draw_match(
    hands: Sequence[Sequence[Card]],
    showdown: str,
    draws_left: int,
    *,
    samples: int,
    rng: random.Random,
    dead: Sequence[Card] = (),
    progress: ProgressReport | None = None,
) -> list[tuple[float, float, float]]:
    """Each known hand's (win alone, tie, share of the pot) when every player draws soundly
    (``standard_discards``) at each of the ``draws_left`` draws: ``samples`` random stubs
    (the calculator's draw equity; PokerKit's evaluators decide nothing here, ours do)."""
    value = value_of(showdown)
    known = {card for hand in hands for card in hand} | set(dead)
    unseen = [card for card in CARDS if card not in known]
    wins = [0.0] * len(hands)
    ties = [0.0] * len(hands)
    shares = [0.0] * len(hands)
    step = max(1, samples // 100)
    for sample in range(samples):
        deck = unseen[:]
        rng.shuffle(deck)
        held = [list(hand) for hand in hands]
        for _ in range(draws_left):
            for hand in held:
                throw = standard_discards(hand, showdown)
                if len(throw) > len(deck):
                    break
                for card in throw:
                    hand.remove(card)
                hand.extend(deck[len(deck) - len(throw) :])
                del deck[len(deck) - len(throw) :]
        values = [value(hand) for hand in held]
        best = max(values)
        winners = [index for index, each in enumerate(values) if each == best]
        for index in winners:
            shares[index] += 1 / len(winners)
            if len(winners) == 1:
                wins[index] += 1
            else:
                ties[index] += 1
        if progress is not None and (sample + 1) % step == 0:
            progress(sample + 1, samples)
    count = max(samples, 1)
    return [(w / count, t / count, s / count) for w, t, s in zip(wins, ties, shares, strict=True)]
