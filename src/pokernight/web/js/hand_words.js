// A hand's name in the page's language (issue 38). The server names a shown hand and a
// pot's winning hand in English (``description``) and sends its structure beside it
// (``hand``: a category and its ranks, rules/hand_names.py); the words are hands.json's,
// whose English is the server's, letter for letter. A name the server sent no structure
// for is shown as it came (after "with", as the page said English names before).
//
// Three forms: ``name`` ("Flush, Ace high", the hand's title), ``lower`` (the same inside
// a sentence: "flush, ace high") and ``phrase`` (after "with": "a flush, ace high").

import { has, t } from "./i18n.js";

/** A rank's word in ``form`` (``symbol``: "A", "T", "7"); ``plural``: "Aces". */
function rank(symbol, form, plural = false) {
  const kind = plural ? "ranks" : "rank";
  return t(`hands.${kind}${form === "name" ? "" : "_lower"}.${symbol}`);
}

function words(hand, form) {
  const { category, ranks = [] } = hand;
  if (category === "hi_lo") return hiLo(hand, form);
  const params = {
    rank: ranks.length ? rank(ranks[0], form) : "",
    ranks: ranks.length ? rank(ranks[0], form, true) : "",
    first: ranks.length ? rank(ranks[0], form, true) : "",
    second: ranks.length > 1 ? rank(ranks[1], form, true) : "",
    cards: ranks.join("-"),
  };
  // A category named by its count of cards (a badugi of three) has a key for each count.
  const counted = `hands.${form}.${category}_${ranks.length}`;
  if (has(counted)) return t(counted, params);
  if (!hand.low) return t(`hands.${form}.${category}`, params);
  const own = `hands.${form}.low_${category}`;
  if (has(own)) return t(own, params);
  return t(`hands.${form}.low`, { hand: words({ ...hand, low: false }, form) });
}

// A split pot's name says both halves, each inside the sentence (``lower``) but for a title.
function hiLo(hand, form) {
  const inner = form === "name" ? "name" : "lower";
  const half = hand.second === "spade" ? "spade" : "low";
  const key = hand.low ? `hands.${form}.hi_lo_${half}` : `hands.${form}.hi_lo_no_${half}`;
  return t(key, {
    high: words(hand.high, inner),
    low: hand.low ? words(hand.low, inner) : "",
  });
}

/** The name of the hand ``item`` (a CardsShown or PotAwarded event, a replay's result). */
export function handName(item) {
  return item.hand ? words(item.hand, "name") : item.description ?? "";
}

/** The hand ``item`` names as said after "with": "a flush, ace high". */
export function handPhrase(item) {
  return item.hand ? words(item.hand, "phrase") : englishPhrase(item.description ?? "");
}

// "Flush, Ace high" -> "a flush, ace high", for a name without its structure.
function englishPhrase(description) {
  const pair = /^One Pair, (.*)$/.exec(description);
  // Words lose their capitals; rank symbols ("7-5-4-2-A low") keep theirs.
  const words = (pair ? `pair of ${pair[1]}` : description).replace(/\b[A-Z][a-z]+/g,
    (word) => word.toLowerCase());
  return /^(pair|straight|flush|full house|royal flush)/.test(words) ? `a ${words}` : words;
}

/** The second half of a split pot: "low" (hi-lo), or Chicago's "spade". */
export function secondHalfOf(award) {
  if (award.hand?.category === "hi_lo") return award.hand.second;
  return /\bspade\b/.test(award.description ?? "") ? "spade" : "low";
}
