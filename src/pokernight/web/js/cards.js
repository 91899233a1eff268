// Cards as the server writes them ("Ah", "Td"): names for screen readers and elements for the page.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// Ranks and suits as the server writes them; their words are the catalogue's (hands.json).
export const RANKS = "23456789TJQKA";
const RANK_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
// Suit order as the server's Suit enum: clubs < diamonds < hearts < spades.
export const SUITS = "cdhs";
export const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

export function rankOf(card) {
  return RANKS.indexOf(card[0]);
}

export function suitOf(card) {
  return card[1];
}

/** "Ace of spades", as the page's language names the card. */
export function cardName(card) {
  return t("hands.card", { rank: t(`hands.rank.${card[0]}`), suit: t(`hands.suit.${suitOf(card)}`) });
}

export function cardText(card) {
  return RANK_LABELS[rankOf(card)] + SUIT_SYMBOLS[suitOf(card)];
}

/**
 * A card element. ``card`` null is a face-down card nobody here may see; ``down`` marks
 * the viewer's own face-down card (shown to them, hidden from everybody else).
 */
export function cardElement(card, { down = false, wild = false, winning = false, dim = false } = {}) {
  if (card === null) {
    return h("span", { class: "card back", role: "img", "aria-label": t("hands.face_down_card") });
  }
  const notes = [down && t("hands.down_note"), wild && t("hands.wild_note"),
    winning && t("hands.winning_note")];
  const label = [cardName(card), ...notes.filter(Boolean)].join(", ");
  const classes = ["card", `suit-${suitOf(card)}`, down && "down", wild && "wild",
    winning && "winning", dim && "dim"].filter(Boolean).join(" ");
  // ``data-card``: the card as the server wrote it ("Ah"), for tests and tools reading the page.
  return h("span", { class: classes, role: "img", "aria-label": label, title: label, dataset: { card } },
    h("span", { class: "rank", "aria-hidden": "true", translate: "no" }, RANK_LABELS[rankOf(card)]),
    h("span", { class: "suit", "aria-hidden": "true", translate: "no" }, SUIT_SYMBOLS[suitOf(card)]));
}

/** "Queens", for a rank counted from 0 (Two) as the server counts them. */
export function rankPlural(rank) {
  return t(`hands.ranks.${RANKS[rank]}`);
}

// A card written in a chat line ("Ah", "td", "10h"): rank then suit, a word of its own.
const CARD_TOKEN = /(?<![\w])(10|[2-9TJQKA])([cdhs])(?![\w])/g;
// English words shaped like cards: a face only among other cards ("Ah Kh"), not "Ah well".
const CARD_WORDS = new Set(["As", "Ah"]);

/** ``text`` as nodes for the page, the cards in it drawn as small faces; the rest stays text. */
export function withCardFaces(text) {
  const found = [...text.matchAll(CARD_TOKEN)];
  const nodes = [];
  let at = 0;
  for (const match of found) {
    if (found.length === 1 && CARD_WORDS.has(match[0])) continue;
    const card = (match[1] === "10" ? "T" : match[1]) + match[2];
    nodes.push(text.slice(at, match.index), miniCard(card));
    at = match.index + match[0].length;
  }
  nodes.push(text.slice(at));
  return nodes.filter((node) => node !== "");
}

// A card's face (its rank's index and its suit's symbol) is drawn, not said: ``translate="no"``
// on the face, while its name (``aria-label``) is in the page's language.
function miniCard(card) {
  return h("span", { class: `mini-card suit-${suitOf(card)}`, role: "img", "aria-label": cardName(card),
    title: cardName(card) }, h("span", { translate: "no" }, cardText(card)));
}
