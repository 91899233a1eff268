// The club ("#club"): the season across every night, for its members.
//
// Standings and who owes whom (payments included), settling up the whole season (a payment
// recorded by one side counts once the other confirms it), each night this member played
// and its own settle-up, their numbers and a graph of their results, and their hands found
// and replayed; the nights a club moving in imported from a ledger (their money, shown as
// imported); the door (an invitation taken at "#club/join/CODE", friends invited from
// here). All of it is the server's (GET /api/club/season and /api/club/stats): nothing is
// summed here, and what a payment allows is the server's ``can``.

import * as api from "./api.js";
import { COLOURS, lineChart } from "./chart.js";
import { chips, h, sentence, wordsWith } from "./dom.js";
import { HandSearch, gameWords } from "./club_hands.js";
import { t } from "./i18n.js";
import { dateWords } from "./dates.js";
import { claimDevice } from "./identity.js";
import { signIn, signOut } from "./session.js";
import { statsTable } from "./stats_panel.js";
import { whoIsWho } from "./who_is_who.js";

const SPINNER_AFTER_MS = 150;

function day(seconds) {
  return dateWords(seconds, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

/** A name (a person's, the club's) in an element of its own: words, not to be translated. */
function named(name, tag = "span", attributes = {}) {
  return h(tag, { translate: "no", ...attributes }, name);
}

function signed(amount) {
  return h("span", { class: amount < 0 ? "loss" : amount > 0 ? "gain" : null },
    `${amount > 0 ? "+" : ""}${chips(amount)}`);
}

function section(id, title, ...children) {
  return h("section", { class: "panel club-section", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title), ...children);
}

/** The season's transfers; one of this member's may be recorded as paid ("Mark as paid" by
 * its payee, "I paid this" by its payer): the other side then confirms it. */
function transferItems(transfers, me, record) {
  return transfers.map((transfer) => {
    const mine = [transfer.payer, transfer.payee].includes(me.key)
      && transfer.payer.startsWith("member:") && transfer.payee.startsWith("member:");
    const words = t(transfer.payee === me.key ? "rooms.club.mark_paid" : "rooms.club.i_paid");
    return h("li", { class: "transfer" },
      wordsWith("rooms.club.pays", {}, { payer: named(transfer.payer_name, "strong"),
        payee: named(transfer.payee_name, "strong"),
        amount: h("span", { class: "amount" }, chips(transfer.amount)) }), " ",
      mine ? h("button", { type: "button", class: "mark-paid", onclick: () => record(transfer) },
        words) : "");
  });
}

export class ClubPage {
  /** ``invite``: the secret of the invitation the page was opened with, if any. */
  constructor(root, banner, invite = null) {
    this.root = root;
    this.banner = banner;
    this.invite = invite;
    this.error = h("p", { class: "error", role: "alert", id: "club-error" });
    this.body = h("div", { class: "club-body" },
      h("div", { class: "replay-loading", role: "status" },
        h("div", { class: "spinner inline", role: "progressbar",
          "aria-label": t("rooms.club.loading_label") }),
        h("span", {}, t("rooms.club.loading"))));
    root.replaceChildren(h("div", { class: "club-page" }, this.body, this.error));
    document.title = t("rooms.club.page_title");
    this.load();
  }

  close() {
    document.body.classList.remove("busy");
  }

  /** ``said``: what the who-is-who part just did, to say again once the page is drawn anew. */
  async load(said = "") {
    const spinner = setTimeout(() => document.body.classList.add("busy"), SPINNER_AFTER_MS);
    try {
      const info = await api.club();
      if (this.invite) {
        this.body.replaceChildren(this.invitePanel(info.club, info.me));
        return;
      }
      if (!info.me) {
        this.body.replaceChildren(this.signInPanel(info.club));
        return;
      }
      const [season, stats] = await Promise.all([api.season(), api.clubStats()]);
      this.render(info.club, season, stats, said);
    } catch (failure) {
      this.body.replaceChildren();
      this.error.textContent = sentence(failure.message);
    } finally {
      clearTimeout(spinner);
      document.body.classList.remove("busy");
    }
  }

  /** An invitation opened: a name to join by (a member signed in here takes an
   * organiser's invitation under their own). */
  invitePanel(club, me) {
    const name = h("input", { id: "club-invite-name", type: "text", maxlength: 32, required: true,
      autocomplete: "nickname" });
    const error = h("p", { class: "error", role: "alert", id: "club-invite-error" });
    const form = h("form", { class: "card-panel", "aria-labelledby": "club-invite-title" },
      h("h1", { id: "club-invite-title" }, wordsWith("rooms.club.invited", {}, { club: named(club.name) })),
      me ? h("p", {}, wordsWith("rooms.club.invite_signed_in", {},
        { name: named(me.name, "strong") }))
        : [h("p", {}, t("rooms.club.invite_members")),
          h("div", { class: "row" }, h("label", { for: "club-invite-name" }, t("rooms.your_name")),
            name)],
      h("button", { type: "submit", class: "primary", id: "club-invite-submit" },
        t(me ? "rooms.club.take_invitation" : "rooms.club.join_club")),
      error, h("p", {}, h("a", { href: "#" }, t("rooms.club.back_to_tables"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      try {
        const taken = await api.takeInvite(this.invite, me ? me.name : name.value.trim());
        if (taken.device) signIn(taken.device, taken.member);
        this.invite = null;
        location.hash = "#club";
        this.load();
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    });
    return form;
  }

  signInPanel(club) {
    const code = h("input", { id: "club-claim-code", type: "text", maxlength: 12, autocomplete: "off",
      autocapitalize: "characters", spellcheck: false, required: true });
    const error = h("p", { class: "error", role: "alert" });
    const form = h("form", { class: "card-panel", "aria-labelledby": "club-sign-in-title" },
      h("h1", { id: "club-sign-in-title" }, wordsWith("rooms.club.title", {}, { club: named(club.name) })),
      h("p", {}, t("rooms.club.sign_in_note")),
      h("div", { class: "row" }, h("label", { for: "club-claim-code" }, t("rooms.club.code")), code,
        h("button", { type: "submit", class: "primary", id: "club-claim-submit" },
          t("rooms.club.sign_in"))),
      error, h("p", {}, h("a", { href: "#" }, t("rooms.club.back_to_tables"))));
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

  render(club, season, stats, said = "") {
    const me = season.me;
    this.body.replaceChildren(
      h("div", { class: "club-title" },
        h("h1", {}, wordsWith("rooms.club.title", {}, { club: named(club.name) })),
        h("p", { class: "muted" }, wordsWith("rooms.club.signed_in_as", {}, {
          name: named(me.name, "strong", { id: "club-me" }),
          tables: h("a", { href: "#" }, t("rooms.club.tables")) })),
        this.devicePart(), this.invitePart(me), this.csvPart()),
      section("club-standings", t("rooms.club.standings"), this.standings(season.standings)),
      section("club-settle", t("rooms.club.settle"), this.settle(season.settle_up, me)),
      section("club-graph", t("rooms.club.graph"), this.graph(stats)),
      section("club-stats", t("rooms.club.statistics"),
        h("div", { class: "table-scroll" }, statsTable(stats.players))),
      section("club-nights", t("rooms.club.nights"), this.nights(season.nights)),
      season.ledgers?.length ? section("club-imported", t("rooms.club.imported_nights"),
        importedNights(season.ledgers)) : "",
      season.tournaments?.length ? section("club-tournaments", t("rooms.club.tournaments"),
        tournaments(season.tournaments)) : "",
      section("club-payments", t("rooms.club.payments"), this.payments(season.payments)),
      section("club-hands", t("rooms.club.hands"), new HandSearch(season, stats.games).element),
      section("club-who", t("rooms.club.who_is_who"), whoIsWho(season, (words) => this.load(words), said)),
      section("club-devices", t("rooms.club.devices"), this.devicesPart()));
  }

  devicePart() {
    const shown = h("p", { class: "note", role: "status", id: "club-device-code" });
    const button = h("button", { type: "button", id: "club-new-code" },
      t("rooms.club.sign_in_device"));
    button.addEventListener("click", async () => {
      try {
        const { code, expires_in: seconds } = await api.newClaimCode();
        shown.replaceChildren(...wordsWith("rooms.club.claim_code", { count: Math.round(seconds / 60) },
          { code: named(code, "strong", { class: "claim-code" }) }));
      } catch (failure) {
        shown.textContent = sentence(failure.message);
      }
    });
    return h("div", { class: "row" }, button, shown);
  }

  /** An invitation for a friend: a link to share (an organiser may make an organiser's). */
  invitePart(me) {
    const shown = h("p", { class: "note", role: "status", id: "club-invite-link" });
    const organiser = h("input", { type: "checkbox", id: "club-invite-organiser" });
    const button = h("button", { type: "button", id: "club-new-invite" },
      t("rooms.club.invite_friend"));
    button.addEventListener("click", async () => {
      try {
        const { link } = await api.newInvite(organiser.checked);
        const url = `${location.origin}/${link}`;
        shown.replaceChildren(...wordsWith("rooms.club.send_link", {}, {
          link: h("input", { type: "text", readonly: true, value: url, class: "invite-url",
            "aria-label": t("rooms.club.invitation_link"),
            onfocus: (event) => event.target.select() }) }));
      } catch (failure) {
        shown.textContent = sentence(failure.message);
      }
    });
    return h("div", { class: "row" }, button, me.organiser
      ? h("label", { class: "check" }, organiser, " ", t("rooms.club.as_organiser")) : "", shown);
  }

  csvPart() {
    const note = h("span", { class: "note", role: "status" });
    const button = h("button", { type: "button", id: "club-csv" }, t("rooms.club.csv"));
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
    if (!rows.length) return h("p", { class: "muted" }, t("rooms.club.nobody_played"));
    // On a phone the balance stays in view: the columns it is made of are left to wider screens.
    const wide = { class: "wide-only" };
    const imported = rows.some((row) => row.imported !== 0);
    const head = [["player"], ["nights"], ["hands"], ["chips_won", wide], ["expected", wide],
      ["from_nights", wide], ...(imported ? [["imported", wide]] : []), ["paid", wide],
      ["received", wide], ["balance"]]
      .map(([title, extra]) => h("th", { scope: "col", ...extra }, t(`rooms.club.column.${title}`)));
    return h("div", { class: "table-scroll" }, h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, head)),
      h("tbody", {}, rows.map((row) => h("tr", { dataset: { key: row.key } },
        h("th", { scope: "row" }, named(row.name), row.member_id !== null ? ""
          : h("span", { class: "muted" }, " ",
            t(row.imported_name ? "rooms.club.imported_mark" : "rooms.club.guest_mark"))),
        h("td", {}, row.nights), h("td", {}, chips(row.hands)), h("td", wide, signed(row.net)),
        h("td", { ...wide, class: "wide-only expected" }, signed(row.expected ?? row.net)),
        h("td", wide, signed(row.won)),
        imported ? h("td", { ...wide, class: "wide-only imported-money" },
          row.imported ? signed(row.imported) : "\u2013") : "",
        h("td", wide, chips(row.paid)),
        h("td", wide, chips(row.received)), h("td", { class: "balance" }, signed(row.balance)))))),
    h("p", { class: "note" }, t("rooms.club.standings_note"),
      imported ? [" ", t("rooms.club.standings_imported_note")] : ""));
  }

  settle(transfers, me) {
    if (!transfers.length) {
      return h("p", { class: "muted", id: "club-square" }, t("rooms.club.everybody_square"));
    }
    const error = h("p", { class: "error", role: "alert" });
    const items = transferItems(transfers, me, (transfer) => this.recordPayment(transfer, error));
    return [h("ul", { class: "transfers", id: "club-transfers" }, items),
      h("p", { class: "note" }, t("rooms.club.settle_note")),
      error];
  }

  async recordPayment(transfer, error) {
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
    const picker = h("select", { id: "club-graph-game", "aria-label": t("rooms.club.game") },
      h("option", { value: "all" }, t("rooms.club.all_games")),
      games.map((game) => h("option", { value: game }, gameWords(game, stats.games))));
    const holder = h("div", { class: "chart-holder" });
    const draw = () => {
      const game = picker.value;
      // Each person twice, in one colour: what they won, and dashed what they could expect.
      const people = [...names.keys()].filter((key) => stats.series[key]?.[game]);
      const lines = people.flatMap((key, index) => {
        const points = stats.series[key][game];
        const colour = COLOURS[index % COLOURS.length];
        return [{ name: names.get(key), colour, points: points.map(([at, won]) => [at, won]) },
          { name: t("rooms.club.expected_line", { name: names.get(key) }), colour, dashed: true,
            points: points.map(([at, won, expected]) => [at, expected ?? won]) }];
      });
      if (!lines.length) {
        holder.replaceChildren(h("p", { class: "muted" }, t("rooms.club.no_hand_finished")));
        return;
      }
      const won = lines.filter((line) => !line.dashed);
      const legend = h("ul", { class: "legend" }, won.map((line, index) => h("li", {},
        h("span", { class: "swatch", style: `background:${line.colour}` }), named(line.name), " ",
        signed(line.points.at(-1)[1]), h("span", { class: "muted" }, " \u00b7 ",
          t("rooms.club.expected_word"), " ", signed(lines[2 * index + 1].points.at(-1)[1])))));
      const label = t("rooms.club.chart_label", { game: picker.selectedOptions[0].textContent });
      // Drawn at the width it will have (the page's, less its margins): labels stay readable.
      holder.replaceChildren(lineChart(lines, label, window.innerWidth - 64), legend);
    };
    picker.addEventListener("change", draw);
    draw();
    return [h("div", { class: "row" }, picker), holder];
  }

  nights(nights) {
    if (!nights.length) return h("p", { class: "muted" }, t("rooms.club.no_night"));
    return h("ol", { class: "nights" }, nights.map((night) => h("li", { class: "night" },
      h("details", {},
        h("summary", {}, day(night.created_at), " \u00b7 ",
          wordsWith("rooms.club.night_table", {}, { code: named(night.code) }), " \u00b7 ",
          t("rooms.club.hands_count", { count: night.hands }),
          night.status === "open" ? [" \u00b7 ", t("rooms.club.playing_now")] : "",
          night.status === "imported" ? [" \u00b7 ", t("rooms.club.imported_word")] : ""),
        night.counts_money ? "" : h("p", { class: "note" }, t("rooms.club.imported_hands_note")),
        h("ul", { class: "night-people" }, night.people.map((person) => h("li", {},
          wordsWith("rooms.club.person_chips", {},
            { name: named(person.name), amount: signed(person.net) }),
          person.expected !== undefined && person.expected !== person.net
            ? [" \u00b7 ", t("rooms.club.expected_word"), " ", signed(person.expected)] : "",
          // Only a bot's chips make the money differ from the chips (nobody's money).
          person.balance !== person.net
            ? [" \u00b7 ", t("rooms.club.money_word"), " ", signed(person.balance)] : ""))),
        settleList(night.settle_up),
        h("button", { type: "button", class: "night-hands",
          onclick: () => this.showHandsOf(night.table_id) }, t("rooms.club.night_hands"))))));
  }

  showHandsOf(tableId) {
    const select = this.root.querySelector("#hand-search-table");
    if (!select) return;
    select.value = String(tableId);
    select.form.requestSubmit();
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    select.form.scrollIntoView({ behavior: still ? "auto" : "smooth" });
  }

  /** The payments this member is a side of (an organiser sees them all): those waiting
   * for a word, with what the server says this member may do with each. */
  payments(payments) {
    if (!payments.length) return h("p", { class: "muted" }, t("rooms.club.no_payment"));
    const error = h("p", { class: "error", role: "alert" });
    const act = async (request) => {
      try {
        await request();
        this.load();
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    };
    const button = (words, className, request) =>
      h("button", { type: "button", class: className, onclick: () => act(request) }, words);
    return [h("ul", { class: "payments" }, payments.slice().reverse().map((payment) => {
      const can = payment.can;
      return h("li", { class: payment.counts ? "payment" : "payment waiting" },
        wordsWith("rooms.club.payment", { day: day(payment.at), amount: chips(payment.amount) },
          { payer: named(payment.payer.name), payee: named(payment.payee.name) }),
        payment.counts ? ""
          : h("span", { class: "muted" }, " \u00b7 ", t("rooms.club.waiting_for_word")), " ",
        can.confirm ? button(t("rooms.club.confirm"), "confirm-payment",
          () => api.confirmPayment(payment.id)) : "",
        can.decline ? button(t("rooms.club.decline"), "decline-payment",
          () => api.undoPayment(payment.id)) : "",
        can.withdraw ? button(t("rooms.club.withdraw"), "undo-payment",
          () => api.undoPayment(payment.id)) : "",
        can.settle && !payment.counts ? button(t("rooms.club.count_it"), "settle-counts",
          () => api.settlePayment(payment.id, true)) : "",
        can.settle ? button(t("rooms.club.strike_it_out"), "settle-strike",
          () => api.settlePayment(payment.id, false)) : "");
    })), error];
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
          device.current
            ? wordsWith("rooms.club.this_browser_seen", { day: day(device.last_seen) },
              { device: h("strong", {}, t("rooms.club.this_browser")) })
            : t("rooms.club.device_seen", { since: day(device.created_at), day: day(device.last_seen) }),
          " ",
          h("button", { type: "button", class: "sign-out", onclick: () => remove(device) },
            t(device.current ? "rooms.club.sign_out" : "rooms.club.sign_it_out")))));
      } catch (failure) {
        error.textContent = sentence(failure.message);
      }
    };
    show();
    return [h("p", { class: "note" }, t("rooms.club.devices_note")),
      list, error];
  }
}

/** The club's tournaments: each person's buy-ins and prizes, as the server counted them
 * (``counted``: in the season; a tournament with bots, or still running, is not). */
function tournaments(list) {
  return h("ol", { class: "nights" }, list.map((cup) => h("li", { class: "night" },
    h("details", {},
      h("summary", {}, day(cup.created_at), " \u00b7 ", named(cup.name),
        cup.counted ? "" : [" \u00b7 ",
          t(cup.finished ? "rooms.club.practice_not_counted" : "rooms.club.playing_now")]),
      h("ul", { class: "night-people" }, cup.people.map((person) => h("li", {},
        wordsWith("rooms.club.cup_person", { paid: chips(person.paid), won: chips(person.won) },
          { name: named(person.name) }))))))));
}

/** The nights of ledgers the club imported: each person's money that night, as the
 * server read it (names matched to members, or imported guests), and its settle-up. */
function importedNights(list) {
  const people = (night) => h("ul", { class: "night-people" }, night.people.map((person) =>
    h("li", {}, wordsWith("rooms.club.person_balance", {}, {
      name: [named(person.name), person.member_id === null
        ? h("span", { class: "muted" }, " ", t("rooms.club.imported_mark")) : ""],
      amount: signed(person.balance) }))));
  const items = list.map((night) => h("li", { class: "night imported" },
    h("details", { open: true },
      h("summary", {}, night.night ? day(night.created_at) : t("rooms.club.undated_night"),
        " \u00b7 ", h("span", { class: "imported-badge" }, t("rooms.club.imported_word")), " ",
        wordsWith("rooms.club.from_file", {}, { file: named(night.file_name) })),
      people(night), settleList(night.settle_up))));
  return [h("ol", { class: "nights imported-nights" }, items),
    h("p", { class: "note" }, t("rooms.club.imported_nights_note"))];
}

/** A night's settle-up: who pays whom. */
function settleList(transfers) {
  if (!transfers.length) return h("p", { class: "muted" }, t("rooms.club.square_that_night"));
  return h("ul", { class: "transfers" }, transfers.map((transfer) => h("li", {},
    wordsWith("rooms.club.pays", { amount: chips(transfer.amount) },
      { payer: named(transfer.payer_name), payee: named(transfer.payee_name) }))));
}
