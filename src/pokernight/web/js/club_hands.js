// The season's hands found by who played, where and when, the pot and the showdown
// (GET /api/club/hands: the server filters), each linked to its replay.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";
import { gameName, gameOf } from "./games.js";
import { t } from "./i18n.js";
import { dateWords } from "./dates.js";
import { clubReplayHash } from "./replay_link.js";

/** A game of the season by its key: this page's words for a game this server deals, else
 * the name the server sent with the season (``names``: key to name), else its key. */
export function gameWords(key, names) {
  return gameOf(key) ? gameName(key) : names[key] ?? key;
}

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
      option(night.table_id, `${dateWords(night.created_at,
        { year: "numeric", month: "numeric", day: "numeric" })} \u00b7 ${night.code}`));
    const label = (key, field) => h("label", {}, t(`rooms.hands.${key}`), " ", field);
    this.form = h("form", { class: "hand-search", "aria-label": t("rooms.hands.find_hands") },
      label("player", h("select", { name: "player", id: "hand-search-player" },
        option("", t("rooms.hands.anybody")), people)),
      label("night", h("select", { name: "table", id: "hand-search-table" },
        option("", t("rooms.hands.any")), tables)),
      label("from", h("input", { type: "date", name: "since" })),
      label("to", h("input", { type: "date", name: "until" })),
      label("pot_at_least", h("input", { type: "number", name: "min_pot", min: 0,
        inputmode: "numeric", id: "hand-search-pot", size: 7 })),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "showdown",
        id: "hand-search-showdown" }), " ", t("rooms.hands.went_to_showdown")),
      h("button", { type: "submit", class: "primary", id: "hand-search-submit" },
        t("rooms.hands.find")));
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
      const counted = t("rooms.club.hands_count", { count: total });
      this.count.textContent = total === hands.length ? counted
        : t("rooms.hands.newest_shown", { counted, shown: hands.length });
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
    const expected = lucky ? ` \u00b7 ${t("rooms.club.expected_word")} ` + hand.players.map((player) =>
      `${player.name} ${player.expected > 0 ? "+" : ""}${chips(player.expected)}`).join(", ") : "";
    const when = dateWords(hand.at, { day: "numeric", month: "short", hour: "2-digit",
      minute: "2-digit" });
    return h("li", { class: "hand-row" },
      h("span", {}, `${when} \u00b7 ${hand.code} #${hand.number} \u00b7 `,
        `${gameWords(hand.variant, this.games)} \u00b7 `,
        t("rooms.hands.pot", { amount: chips(hand.pot) }),
        hand.showdown ? [" \u00b7 ", t("rooms.hands.showdown")] : "", won ? ` \u2014 ${won}` : "",
        expected ? h("span", { class: "hand-expected" }, expected) : "",
        h("span", { class: "muted" }, ` (${hand.players.map((player) => player.name).join(", ")})`)),
      h("a", { class: "replay-link", href: clubReplayHash(hand.table_id, hand.number),
        "aria-label": t("rooms.hands.replay_label", { number: hand.number, code: String(hand.code) }) },
      t("rooms.hands.replay")));
  }
}
