// How a bot is marked wherever a seat is drawn: a robot face for the eye and
// "bot (hard)" for a screen reader, so nobody mistakes a bot for a friend. A friend's own
// program (a seat the server says is a program's) is marked the same: "bot (program)".

import { h } from "./dom.js";
import { t } from "./i18n.js";

// The room's bots' levels and a player's own program, as a seat's words say them.
const LEVEL_WORDS = { easy: t("table.bot_easy"), medium: t("table.bot_medium"),
  hard: t("table.bot_hard"), program: t("table.bot_program") };

/** A bot's level in words ("hard"); a level this page does not know, as the server says it. */
export function levelWords(level) {
  return LEVEL_WORDS[level] ?? level;
}

/** What plays ``seat`` when it is not a person, as the server says: the room's bot's
 * level, "program" for a player's own program, or null for a person. */
export function botOf(seat) {
  if (!seat) return null;
  return seat.bot || (seat.program ? "program" : null);
}

/** The words for a bot of ``level`` ("bot (hard)"), or "" for a person. */
export function botWords(level) {
  return level ? t("table.bot_of_level", { level: levelWords(level) }) : "";
}

/** The badge for a seat played by a bot of ``level``; null for a person. */
export function botBadge(level) {
  if (!level) return null;
  // The robot is drawn (icons/robot.svg), not an emoji: without an emoji font that is a box.
  return h("span", { class: "bot-badge", title: botWords(level) },
    h("span", { class: "robot", "aria-hidden": "true" }),
    h("span", { "aria-hidden": "true" }, t("table.bot")),
    h("span", { class: "visually-hidden" }, botWords(level)));
}
