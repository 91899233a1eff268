// The season's hands found by who played, where and when, the pot and the showdown
// (GET /api/club/hands: the server filters), each linked to its replay.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";
import { gameName } from "./games.js";
import { clubReplayHash } from "./replay_link.js";

function option(value, words) {
  return h("option", { value }, words);
}

function seconds(dateText, endOfDay = false) {
  if (!dateText) return null;
  const time = new Date(`${dateText}T00:00:00`).getTime() / 1000;
  return endOfDay ? time + 86_400 : time;
}

export class HandSearch {
  constructor(season, games) {
    this.games = games;
    this.list = h("ol", { class: "hands found", id: "hand-search-results", "aria-live": "polite" });
    this.count = h("p", { class: "note", role: "status", id: "hand-search-count" });
    this.error = h("p", { class: "error", role: "alert" });
    const people = season.standings.map((row) => option(row.key, row.name));
    const tables = season.nights.map((night) =>
      option(night.table_id, `${new Date(night.created_at * 1000).toLocaleDateString()} \u00b7 ${night.code}`));
    this.form = h("form", { class: "hand-search", "aria-label": "Find hands" },
      h("label", {}, "Player ", h("select", { name: "player", id: "hand-search-player" },
        option("", "anybody"), people)),
      h("label", {}, "Night ", h("select", { name: "table", id: "hand-search-table" },
        option("", "any"), tables)),
      h("label", {}, "From ", h("input", { type: "date", name: "since" })),
      h("label", {}, "To ", h("input", { type: "date", name: "until" })),
      h("label", {}, "Pot at least ", h("input", { type: "number", name: "min_pot", min: 0,
        inputmode: "numeric", id: "hand-search-pot", size: 7 })),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "showdown",
        id: "hand-search-showdown" }), " went to a showdown"),
      h("button", { type: "submit", class: "primary", id: "hand-search-submit" }, "Find"));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.search();
    });
    this.element = h("div", {}, this.form, this.count, this.list, this.error);
    this.search();
  }

  query() {
    const data = new FormData(this.form);
    const query = {};
    for (const name of ["player", "table", "min_pot"]) if (data.get(name)) query[name] = data.get(name);
    const since = seconds(data.get("since"));
    const until = seconds(data.get("until"), true);
    if (since !== null) query.since = since;
    if (until !== null) query.until = until;
    if (data.get("showdown")) query.showdown = 1;
    return query;
  }

  async search() {
    try {
      const { total, hands } = await api.clubHands(this.query());
      const counted = `${total} ${total === 1 ? "hand" : "hands"}`;
      this.count.textContent = total === hands.length ? counted
        : `${counted}, the newest ${hands.length} shown`;
      this.list.replaceChildren(...hands.map((hand) => this.row(hand)));
      this.error.textContent = "";
    } catch (failure) {
      this.error.textContent = sentence(failure.message);
    }
  }

  row(hand) {
    const won = hand.players.filter((player) => player.result > 0)
      .map((player) => `${player.name} +${chips(player.result)}`).join(", ");
    // All in with cards to come: each one's expected result by equity (decision 67).
    const lucky = hand.players.some((player) => (player.expected ?? player.result) !== player.result);
    const expected = lucky ? " \u00b7 expected " + hand.players.map((player) =>
      `${player.name} ${player.expected > 0 ? "+" : ""}${chips(player.expected)}`).join(", ") : "";
    const when = new Date(hand.at * 1000).toLocaleString(undefined,
      { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
    return h("li", { class: "hand-row" },
      h("span", {}, `${when} \u00b7 ${hand.code} #${hand.number} \u00b7 `,
        `${this.games[hand.variant] ?? gameName(hand.variant)} \u00b7 pot ${chips(hand.pot)}`,
        hand.showdown ? " \u00b7 showdown" : "", won ? ` \u2014 ${won}` : "",
        expected ? h("span", { class: "hand-expected" }, expected) : "",
        h("span", { class: "muted" }, ` (${hand.players.map((player) => player.name).join(", ")})`)),
      h("a", { class: "replay-link", href: clubReplayHash(hand.table_id, hand.number),
        "aria-label": `Replay hand ${hand.number} of table ${hand.code}` }, "Replay"));
  }
}
