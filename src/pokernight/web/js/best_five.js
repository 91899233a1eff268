// The five cards that make a shown hand, to highlight them at showdown.
//
// Values are packed exactly like the server's ``evaluate.strength.pack``
// (category << 20 | five rank nibbles), so a test can compare them with the
// Python evaluators. Wild cards are tried as every rank (a multiset, since a
// wild may copy a card the hand holds) and, when the naturals share a suit, as
// that suit: brute force is fine for the 21 five-card subsets of seven cards.

import { rankOf, suitOf } from "./cards.js";

export const CATEGORY = {
  HIGH_CARD: 0, ONE_PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 3, STRAIGHT: 4, FLUSH: 5,
  FULL_HOUSE: 6, FOUR_OF_A_KIND: 7, STRAIGHT_FLUSH: 8, FIVE_OF_A_KIND: 9,
};
const ACE = 12;
const FIVE = 3;
const HAND_SIZE = 5;

export function pack(category, ranks) {
  let value = category << 20;
  ranks.slice(0, HAND_SIZE).forEach((rank, index) => {
    value |= rank << (16 - 4 * index);
  });
  return value;
}

export function categoryOf(value) {
  return value >> 20;
}

function straightTop(ranks) {
  const distinct = [...new Set(ranks)].sort((a, b) => b - a);
  if (distinct.length !== HAND_SIZE) return null;
  if (distinct[0] - distinct[4] === 4) return distinct[0];
  return distinct.join() === "12,3,2,1,0" ? FIVE : null;
}

/** The value of exactly five ranks (repeats allowed: wild cards make five of a kind). */
function rankPatternValue(ranks) {
  const counts = new Map();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) || 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map(([, count]) => count).join("");
  const byGroup = groups.map(([rank]) => rank);
  const top = straightTop(ranks);
  switch (shape) {
    case "5": return pack(CATEGORY.FIVE_OF_A_KIND, byGroup);
    case "41": return pack(CATEGORY.FOUR_OF_A_KIND, byGroup);
    case "32": return pack(CATEGORY.FULL_HOUSE, byGroup);
    case "311": return pack(CATEGORY.THREE_OF_A_KIND, byGroup);
    case "221": return pack(CATEGORY.TWO_PAIR, byGroup);
    case "2111": return pack(CATEGORY.ONE_PAIR, byGroup);
    default:
      return top === null ? pack(CATEGORY.HIGH_CARD, byGroup) : pack(CATEGORY.STRAIGHT, [top]);
  }
}

function flushValue(ranks) {
  const top = straightTop(ranks);
  if (top !== null) return pack(CATEGORY.STRAIGHT_FLUSH, [top]);
  return pack(CATEGORY.FLUSH, [...ranks].sort((a, b) => b - a));
}

function* rankMultisets(size, lowest = 0) {
  if (size === 0) {
    yield [];
    return;
  }
  for (let rank = lowest; rank <= ACE; rank += 1) {
    for (const rest of rankMultisets(size - 1, rank)) yield [rank, ...rest];
  }
}

/** The best value of at most five cards, ``wild`` (a Set of ranks) standing for anything. */
export function fiveCardValue(cards, wild = new Set()) {
  const naturals = cards.filter((card) => !wild.has(rankOf(card)));
  const wilds = cards.length - naturals.length;
  const natural = naturals.map(rankOf);
  const suited = new Set(naturals.map(suitOf)).size <= 1 && cards.length === HAND_SIZE;
  let best = -1;
  for (const chosen of rankMultisets(wilds)) {
    const ranks = [...natural, ...chosen];
    const value = ranks.length === HAND_SIZE
      ? rankPatternValue(ranks)
      : shortHandValue(ranks);
    best = Math.max(best, value, suited ? flushValue(ranks) : -1);
  }
  return best;
}

/** Fewer than five cards (a hand still being dealt): only groups and high cards count. */
function shortHandValue(ranks) {
  const counts = new Map();
  for (const rank of ranks) counts.set(rank, (counts.get(rank) || 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map(([, count]) => count).join("");
  const category = {
    4: CATEGORY.FOUR_OF_A_KIND, 31: CATEGORY.THREE_OF_A_KIND, 3: CATEGORY.THREE_OF_A_KIND,
    22: CATEGORY.TWO_PAIR, 211: CATEGORY.ONE_PAIR, 21: CATEGORY.ONE_PAIR, 2: CATEGORY.ONE_PAIR,
  }[shape] ?? CATEGORY.HIGH_CARD;
  return pack(category, groups.map(([rank]) => rank));
}

function* combinations(items, size, start = 0) {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = start; index <= items.length - size; index += 1) {
    for (const rest of combinations(items, size - 1, index + 1)) yield [items[index], ...rest];
  }
}

function bestOf(candidates, wild) {
  let best = { value: -1, cards: [] };
  for (const cards of candidates) {
    const value = fiveCardValue(cards, wild);
    if (value > best.value) best = { value, cards };
  }
  return best;
}

/** Ace-to-five low: the lowest five distinct ranks, aces low; pairs only when they must. */
function bestLow(cards) {
  const lowRank = (card) => (rankOf(card) + 1) % 13;
  const sorted = [...cards].sort((a, b) => lowRank(a) - lowRank(b));
  const seen = new Set();
  const distinct = sorted.filter((card) => !seen.has(lowRank(card)) && seen.add(lowRank(card)));
  const rest = sorted.filter((card) => !distinct.includes(card));
  return { value: null, cards: [...distinct, ...rest].slice(0, HAND_SIZE) };
}

/**
 * The five cards of ``hole`` (and ``board``) that make the hand: ``game`` is "high",
 * "wild" (``wildRanks`` stand for anything), "omaha" (two hole cards and three of the
 * board) or "low".
 */
export function bestFive(hole, board = [], { game = "high", wildRanks = [] } = {}) {
  if (game === "low") return bestLow([...hole, ...board]);
  if (game === "omaha") {
    const candidates = [];
    for (const mine of combinations(hole, 2)) {
      for (const shared of combinations(board, 3)) candidates.push([...mine, ...shared]);
    }
    return bestOf(candidates, new Set());
  }
  const cards = [...hole, ...board];
  const wild = game === "wild" ? new Set(wildRanks) : new Set();
  return bestOf(combinations(cards, Math.min(HAND_SIZE, cards.length)), wild);
}
