// Cards as the server writes them ("Ah", "Td"): names for screen readers and elements for the page.

import { h } from "./dom.js";

export const RANKS = "23456789TJQKA";
export const RANK_WORDS = [
  "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Jack", "Queen", "King", "Ace",
];
export const RANK_PLURALS = [
  "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
  "Jacks", "Queens", "Kings", "Aces",
];
const RANK_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
// Suit order as the server's Suit enum: clubs < diamonds < hearts < spades.
export const SUITS = "cdhs";
const SUIT_WORDS = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
export const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

export function rankOf(card) {
  return RANKS.indexOf(card[0]);
}

export function suitOf(card) {
  return card[1];
}

export function cardName(card) {
  return `${RANK_WORDS[rankOf(card)]} of ${SUIT_WORDS[suitOf(card)]}`;
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
    return h("span", { class: "card back", role: "img", "aria-label": "face-down card" });
  }
  const notes = [down && "face down, only you see it", wild && "wild", winning && "winning hand"];
  const label = [cardName(card), ...notes.filter(Boolean)].join(", ");
  const classes = ["card", `suit-${suitOf(card)}`, down && "down", wild && "wild",
    winning && "winning", dim && "dim"].filter(Boolean).join(" ");
  // ``data-card``: the card as the server wrote it ("Ah"), for tests and tools reading the page.
  return h("span", { class: classes, role: "img", "aria-label": label, title: label, dataset: { card } },
    h("span", { class: "rank", "aria-hidden": "true" }, RANK_LABELS[rankOf(card)]),
    h("span", { class: "suit", "aria-hidden": "true" }, SUIT_SYMBOLS[suitOf(card)]));
}

export function rankPlural(rank) {
  return RANK_PLURALS[rank];
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

function miniCard(card) {
  return h("span", { class: `mini-card suit-${suitOf(card)}`, role: "img", "aria-label": cardName(card),
    title: cardName(card) }, cardText(card));
}
