// How a bot is marked wherever a seat is drawn: a robot face for the eye and
// "bot (hard)" for a screen reader, so nobody mistakes a bot for a friend. A friend's own
// program (a seat the server says is a program's) is marked the same: "bot (program)".

import { h } from "./dom.js";

/** What plays ``seat`` when it is not a person, as the server says: the room's bot's
 * level, "program" for a player's own program, or null for a person. */
export function botOf(seat) {
  if (!seat) return null;
  return seat.bot || (seat.program ? "program" : null);
}

/** The words for a bot of ``level`` ("bot (hard)"), or "" for a person. */
export function botWords(level) {
  return level ? `bot (${level})` : "";
}

/** The badge for a seat played by a bot of ``level``; null for a person. */
export function botBadge(level) {
  if (!level) return null;
  // The robot is drawn (icons/robot.svg), not an emoji: without an emoji font that is a box.
  return h("span", { class: "bot-badge", title: botWords(level) },
    h("span", { class: "robot", "aria-hidden": "true" }),
    h("span", { "aria-hidden": "true" }, "bot"),
    h("span", { class: "visually-hidden" }, botWords(level)));
}
