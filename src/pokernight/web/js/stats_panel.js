// The players' statistics at this table (every finished hand, from what everybody saw):
// hands, VPIP, PFR, aggression, showdowns, the biggest pot and the net result.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";

const COLUMNS = [
  ["Player", null],
  ["Hands", "hands"],
  ["Won", "won"],
  ["VPIP", "vpip_percent", "Voluntarily put chips in on the first betting round"],
  ["PFR", "pfr_percent", "Raised on the first betting round"],
  ["AF", "aggression_factor", "Aggression factor: bets and raises per call"],
  ["WTSD", "went_to_showdown_percent", "Went to showdown, of the hands that saw a second round"],
  ["W$SD", "won_at_showdown_percent", "Won at showdown, of the showdowns"],
  ["Biggest pot", "biggest_pot"],
  ["Net", "net"],
];

function cell(key, row) {
  const value = row[key];
  if (value === null || value === undefined) return "\u2014";
  if (key.endsWith("_percent")) return `${Math.round(value)}%`;
  if (key === "aggression_factor") return value.toFixed(1);
  return chips(value);
}

/** The players' numbers as a table (a table's, or the club's season: the same columns). */
export function statsTable(players) {
  if (!players.length) return h("p", { class: "muted" }, "No hand finished yet.");
  const head = h("tr", {}, COLUMNS.map(([title, , help]) =>
    h("th", { scope: "col", title: help ?? null }, title)));
  const rows = players.map((row) => h("tr", {},
    h("th", { scope: "row" }, row.name),
    COLUMNS.slice(1).map(([, key]) => h("td", { class: key === "net"
      ? (row.net < 0 ? "loss" : "gain") : null }, cell(key, row)))));
  return h("table", {}, h("thead", {}, head), h("tbody", {}, rows));
}

/** The same numbers a player at a time, each figure under its name: the side panel is too
 * narrow for ten columns (at 1280 px the last four hid behind a scroll). */
export function statsCards(players) {
  if (!players.length) return h("p", { class: "muted" }, "No hand finished yet.");
  return h("ul", { class: "stats-cards" }, players.map((row) => h("li", { class: "stats-card" },
    h("h3", {}, row.name),
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
      h("h2", { id: "stats-title" }, "Statistics"),
      h("button", { id: "stats-refresh", type: "button", onclick: () => this.refresh() },
        "Show the statistics"),
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
