// How a bot is marked wherever a seat is drawn: a robot face for the eye and
// "bot (hard)" for a screen reader, so nobody mistakes a bot for a friend.

import { h } from "./dom.js";

/** The words for a bot of ``level`` ("bot (hard)"), or "" for a person. */
export function botWords(level) {
  return level ? `bot (${level})` : "";
}

/** The badge for a seat played by a bot of ``level``; null for a person. */
export function botBadge(level) {
  if (!level) return null;
  // "bot" is also written out: a system without an emoji font draws the robot as a box.
  return h("span", { class: "bot-badge", title: botWords(level) },
    h("span", { "aria-hidden": "true" }, "\u{1F916}\u00a0bot"),
    h("span", { class: "visually-hidden" }, botWords(level)));
}
