// The players' statistics at this table (every finished hand, from what everybody saw):
// hands, VPIP, PFR, aggression, showdowns, the biggest pot and the net result.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";
import { has, language, t } from "./i18n.js";

// Each column: its title, the figure it shows, what it means (its ``.help`` words, if any).
const COLUMNS = ["player", "hands", "won", "vpip_percent", "pfr_percent", "aggression_factor",
  "went_to_showdown_percent", "won_at_showdown_percent", "biggest_pot", "net"]
  .map((key) => [t(`rooms.stats.${key}`), key,
    has(`rooms.stats.${key}.help`) ? t(`rooms.stats.${key}.help`) : null]);
const TENTHS = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function cell(key, row) {
  const value = row[key];
  if (value === null || value === undefined) return "\u2014";
  if (key.endsWith("_percent")) return `${Math.round(value)}%`;
  if (key === "aggression_factor") return TENTHS.format(value);
  return chips(value);
}

/** The players' numbers as a table (a table's, or the club's season: the same columns). */
export function statsTable(players) {
  if (!players.length) return h("p", { class: "muted" }, t("rooms.club.no_hand_finished"));
  const head = h("tr", {}, COLUMNS.map(([title, , help]) =>
    h("th", { scope: "col", title: help ?? null }, title)));
  const rows = players.map((row) => h("tr", {},
    h("th", { scope: "row", translate: "no" }, row.name),
    COLUMNS.slice(1).map(([, key]) => h("td", { class: key === "net"
      ? (row.net < 0 ? "loss" : "gain") : null }, cell(key, row)))));
  return h("table", {}, h("thead", {}, head), h("tbody", {}, rows));
}

/** The same numbers a player at a time, each figure under its name: the side panel is too
 * narrow for ten columns (at 1280 px the last four hid behind a scroll). */
export function statsCards(players) {
  if (!players.length) return h("p", { class: "muted" }, t("rooms.club.no_hand_finished"));
  return h("ul", { class: "stats-cards" }, players.map((row) => h("li", { class: "stats-card" },
    h("h3", { translate: "no" }, row.name),
    h("dl", {}, COLUMNS.slice(1).map(([title, key, help]) => h("div", { class: "figure" },
      h("dt", { title: help ?? null }, title),
      h("dd", { class: key === "net" ? (row.net < 0 ? "loss" : "gain") : null }, cell(key, row))))))));
}

export class StatsPanel {
  constructor(code) {
    this.code = code;
    this.body = h("div", { class: "stats" });
    this.error = h("p", { class: "error", role: "alert" });
    this.element = h("section", { class: "panel", "aria-labelledby": "stats-title" },
      h("h2", { id: "stats-title" }, t("rooms.club.statistics")),
      h("button", { id: "stats-refresh", type: "button", onclick: () => this.refresh() },
        t("rooms.stats.show")),
      this.body, this.error);
  }

  async refresh() {
    try {
      const { players } = await api.stats(this.code);
      this.body.replaceChildren(statsCards(players));
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }
}
