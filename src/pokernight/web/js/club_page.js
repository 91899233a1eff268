// The club ("#club"): the season across every night, for its members.
//
// Standings and who owes whom (payments included), settling up the whole season with
// "mark as paid", each night and its own settle-up, every player's numbers and a graph of
// their results, and every stored hand found and replayed. All of it is the server's
// (GET /api/club/season and /api/club/stats): nothing is summed here.

import * as api from "./api.js";
import { COLOURS, lineChart } from "./chart.js";
import { chips, h, sentence } from "./dom.js";
import { gameName } from "./games.js";
import { HandSearch } from "./club_hands.js";
import { claimDevice } from "./identity.js";
import { organiserTools } from "./organiser_tools.js";
import { signOut } from "./session.js";
import { statsTable } from "./stats_panel.js";

const SPINNER_AFTER_MS = 150;

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined,
    { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

function signed(amount) {
  return h("span", { class: amount < 0 ? "loss" : amount > 0 ? "gain" : null },
    `${amount > 0 ? "+" : ""}${chips(amount)}`);
}

function section(id, title, ...children) {
  return h("section", { class: "panel club-section", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title), ...children);
}

/** The season's transfers, with "Mark as paid" for those paid to this browser's member. */
function transferItems(transfers, me, markPaid) {
  return transfers.map((transfer) => {
    const toMe = transfer.payee === me.key && transfer.payer.startsWith("member:");
    return h("li", { class: "transfer" },
      h("strong", {}, transfer.payer_name), " pays ", h("strong", {}, transfer.payee_name), " ",
      h("span", { class: "amount" }, chips(transfer.amount)), " ",
      toMe ? h("button", { type: "button", class: "mark-paid", onclick: () => markPaid(transfer) },
        "Mark as paid") : "");
  });
}

export class ClubPage {
  constructor(root, banner) {
    this.root = root;
    this.banner = banner;
    this.error = h("p", { class: "error", role: "alert", id: "club-error" });
    this.body = h("div", { class: "club-body" },
      h("div", { class: "replay-loading", role: "status" },
        h("div", { class: "spinner inline", role: "progressbar", "aria-label": "loading the season" }),
        h("span", {}, "Loading the season\u2026")));
    root.replaceChildren(h("div", { class: "club-page" }, this.body, this.error));
    document.title = "pokernight \u00b7 club";
    this.load();
  }

  close() {
    document.body.classList.remove("busy");
  }

  async load() {
    const spinner = setTimeout(() => document.body.classList.add("busy"), SPINNER_AFTER_MS);
    try {
      const info = await api.club();
      if (!info.me) {
        this.body.replaceChildren(this.signInPanel(info.club));
        return;
      }
      const [season, stats] = await Promise.all([api.season(), api.clubStats()]);
      this.render(info.club, season, stats);
    } catch (failure) {
      this.body.replaceChildren();
      this.error.textContent = sentence(failure.message);
    } finally {
      clearTimeout(spinner);
      document.body.classList.remove("busy");
    }
  }

  signInPanel(club) {
    const code = h("input", { id: "club-claim-code", type: "text", maxlength: 12, autocomplete: "off",
      autocapitalize: "characters", spellcheck: false, required: true });
    const error = h("p", { class: "error", role: "alert" });
    const form = h("form", { class: "card-panel", "aria-labelledby": "club-sign-in-title" },
      h("h1", { id: "club-sign-in-title" }, `The ${club.name} club`),
      h("p", {}, "The season is for the club's members. Play at a table with \u201cRemember me\u201d ",
        "ticked to become one, or sign this browser in with a code from a device where you are ",
        "signed in (Club \u2192 Sign in another device)."),
      h("div", { class: "row" }, h("label", { for: "club-claim-code" }, "Code"), code,
        h("button", { type: "submit", class: "primary", id: "club-claim-submit" }, "Sign in")),
      error, h("p", {}, h("a", { href: "#" }, "Back to the tables")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await claimDevice(code.value);
        this.load();
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    });
    return form;
  }

  render(club, season, stats) {
    const me = season.me;
    this.body.replaceChildren(
      h("div", { class: "club-title" },
        h("h1", {}, `The ${club.name} club`),
        h("p", { class: "muted" }, "Signed in as ", h("strong", { id: "club-me" }, me.name),
          " \u00b7 ", h("a", { href: "#" }, "Tables")),
        this.devicePart(), this.csvPart()),
      section("club-standings", "Standings", this.standings(season.standings)),
      section("club-settle", "Settle the season", this.settle(season.settle_up, me)),
      section("club-graph", "Results, hand after hand", this.graph(stats)),
      section("club-stats", "Statistics", h("div", { class: "table-scroll" }, statsTable(stats.players))),
      section("club-nights", "Nights", this.nights(season.nights)),
      season.tournaments?.length
        ? section("club-tournaments", "Tournaments", tournaments(season.tournaments)) : "",
      section("club-payments", "Payments", this.payments(season.payments, me)),
      section("club-hands", "Hands", new HandSearch(season, stats.games).element),
      me.organiser ? section("club-organise", "Who is who", organiserTools(season, () => this.load())) : "",
      section("club-devices", "Your devices", this.devicesPart()));
  }

  devicePart() {
    const shown = h("p", { class: "note", role: "status", id: "club-device-code" });
    const button = h("button", { type: "button", id: "club-new-code" }, "Sign in another device");
    button.addEventListener("click", async () => {
      try {
        const { code, expires_in: seconds } = await api.newClaimCode();
        shown.replaceChildren("On the other device, type ", h("strong", { class: "claim-code" }, code),
          ` where it asks for a code (good for ${Math.round(seconds / 60)} minutes, once).`);
      } catch (failure) {
        shown.textContent = sentence(failure.message);
      }
    });
    return h("div", { class: "row" }, button, shown);
  }

  csvPart() {
    const note = h("span", { class: "note", role: "status" });
    const button = h("button", { type: "button", id: "club-csv" }, "Download the season (CSV)");
    button.addEventListener("click", async () => {
      try {
        const text = await api.seasonCsv();
        const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })),
          download: "season.csv" });
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000); // the download has begun
      } catch (failure) {
        note.textContent = sentence(failure.message);
      }
    });
    return h("div", { class: "row" }, button, note);
  }

  standings(rows) {
    if (!rows.length) return h("p", { class: "muted" }, "Nobody has played yet.");
    // On a phone the balance stays in view: the columns it is made of are left to wider screens.
    const wide = { class: "wide-only" };
    const head = [["Player"], ["Nights"], ["Hands"], ["Chips won", wide], ["From the nights", wide],
      ["Paid", wide], ["Received", wide], ["Balance"]]
      .map(([title, extra]) => h("th", { scope: "col", ...extra }, title));
    return h("div", { class: "table-scroll" }, h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, head)),
      h("tbody", {}, rows.map((row) => h("tr", { dataset: { key: row.key } },
        h("th", { scope: "row" }, row.name, row.member_id === null ? h("span", { class: "muted" }, " (guest)") : ""),
        h("td", {}, row.nights), h("td", {}, chips(row.hands)), h("td", wide, signed(row.net)),
        h("td", wide, signed(row.won)), h("td", wide, chips(row.paid)),
        h("td", wide, chips(row.received)), h("td", { class: "balance" }, signed(row.balance)))))),
    h("p", { class: "note" }, "Balance: what settling up pays you (minus: what you pay). ",
      "Bots' chips are nobody's money: they count in chips won, not in the balance."));
  }

  settle(transfers, me) {
    if (!transfers.length) return h("p", { class: "muted", id: "club-square" }, "Everybody is square.");
    const error = h("p", { class: "error", role: "alert" });
    const items = transferItems(transfers, me, (transfer) => this.markPaid(transfer, error));
    return [h("ul", { class: "transfers", id: "club-transfers" }, items),
      h("p", { class: "note" }, "The fewest payments that square the whole season. The one who ",
        "is paid marks a payment made."), error];
  }

  async markPaid(transfer, error) {
    const id = (key) => Number(key.split(":")[1]);
    try {
      await api.addPayment(id(transfer.payer), id(transfer.payee), transfer.amount);
      this.load();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    }
  }

  graph(stats) {
    const names = new Map(stats.players.map((row) => [row.key, row.name]));
    const games = [...new Set(Object.values(stats.series).flatMap((lines) => Object.keys(lines)))]
      .filter((game) => game !== "all");
    const picker = h("select", { id: "club-graph-game", "aria-label": "Game" },
      h("option", { value: "all" }, "All games"),
      games.map((game) => h("option", { value: game }, stats.games[game] ?? gameName(game))));
    const holder = h("div", { class: "chart-holder" });
    const draw = () => {
      const game = picker.value;
      const lines = [...names.keys()].filter((key) => stats.series[key]?.[game])
        .map((key, index) => ({ name: names.get(key), colour: COLOURS[index % COLOURS.length],
          points: stats.series[key][game] }));
      if (!lines.length) {
        holder.replaceChildren(h("p", { class: "muted" }, "No hand finished yet."));
        return;
      }
      const legend = h("ul", { class: "legend" }, lines.map((line) => h("li", {},
        h("span", { class: "swatch", style: `background:${line.colour}` }), line.name, " ",
        signed(line.points.at(-1)[1]))));
      const label = `Chips won or lost after each hand: ${picker.selectedOptions[0].textContent}`;
      // Drawn at the width it will have (the page's, less its margins): labels stay readable.
      holder.replaceChildren(lineChart(lines, label, window.innerWidth - 64), legend);
    };
    picker.addEventListener("change", draw);
    draw();
    return [h("div", { class: "row" }, picker), holder];
  }

  nights(nights) {
    if (!nights.length) return h("p", { class: "muted" }, "No night yet.");
    return h("ol", { class: "nights" }, nights.map((night) => h("li", { class: "night" },
      h("details", {},
        h("summary", {}, `${day(night.created_at)} \u00b7 table ${night.code} \u00b7 `,
          `${night.hands} hands`, night.status === "open" ? " \u00b7 playing now" : "",
          night.status === "imported" ? " \u00b7 imported" : ""),
        h("ul", { class: "night-people" }, night.people.map((person) => h("li", {},
          person.name, ": ", signed(person.net), " chips",
          // Only a bot's chips make the money differ from the chips (nobody's money).
          person.balance !== person.net ? [" \u00b7 money ", signed(person.balance)] : ""))),
        night.settle_up.length
          ? h("ul", { class: "transfers" }, night.settle_up.map((transfer) => h("li", {},
            `${transfer.payer_name} pays ${transfer.payee_name} ${chips(transfer.amount)}`)))
          : h("p", { class: "muted" }, "Everybody square that night."),
        h("button", { type: "button", class: "night-hands",
          onclick: () => this.showHandsOf(night.table_id) }, "This night's hands")))));
  }

  showHandsOf(tableId) {
    const select = this.root.querySelector("#hand-search-table");
    if (!select) return;
    select.value = String(tableId);
    select.form.requestSubmit();
    select.form.scrollIntoView({ behavior: "smooth" });
  }

  payments(payments, me) {
    if (!payments.length) return h("p", { class: "muted" }, "No payment recorded yet.");
    const error = h("p", { class: "error", role: "alert" });
    const undo = async (payment) => {
      try {
        await api.undoPayment(payment.id);
        this.load();
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    };
    return [h("ul", { class: "payments" }, payments.slice().reverse().map((payment) => h("li", {},
      `${day(payment.at)}: ${payment.payer.name} paid ${payment.payee.name} ${chips(payment.amount)}`,
      payment.payee.member_id === me.member_id
        ? h("button", { type: "button", class: "undo-payment", onclick: () => undo(payment) }, "Undo")
        : ""))), error];
  }

  devicesPart() {
    const list = h("ul", { class: "devices", id: "club-device-list" });
    const error = h("p", { class: "error", role: "alert" });
    const remove = async (device) => {
      try {
        await api.removeDevice(device.key);
        if (device.current) {
          signOut();
          location.hash = "";
          return;
        }
        show();
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    };
    const show = async () => {
      try {
        const { devices } = await api.devices();
        list.replaceChildren(...devices.map((device) => h("li", {},
          device.current ? h("strong", {}, "This browser") : `A device signed in ${day(device.created_at)}`,
          `, last seen ${day(device.last_seen)} `,
          h("button", { type: "button", class: "sign-out", onclick: () => remove(device) },
            device.current ? "Sign out" : "Sign it out"))));
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    };
    show();
    return [h("p", { class: "note" }, "Signing a lost or shared device out stops it playing as you."),
      list, error];
  }
}

/** The club's tournaments: each person's buy-ins and prizes, as the server counted them
 * (``counted``: in the season; a tournament with bots, or still running, is not). */
function tournaments(list) {
  return h("ol", { class: "nights" }, list.map((cup) => h("li", { class: "night" },
    h("details", {},
      h("summary", {}, `${day(cup.created_at)} \u00b7 ${cup.name}`,
        cup.counted ? "" : cup.finished ? " \u00b7 practice (bots): not counted"
          : " \u00b7 playing now"),
      h("ul", { class: "night-people" }, cup.people.map((person) => h("li", {},
        `${person.name}: paid ${chips(person.paid)}, won ${chips(person.won)}`)))))));
}
