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
import { chips, h, sentence } from "./dom.js";
import { gameName } from "./games.js";
import { HandSearch } from "./club_hands.js";
import { claimDevice } from "./identity.js";
import { signIn, signOut } from "./session.js";
import { statsTable } from "./stats_panel.js";
import { whoIsWho } from "./who_is_who.js";

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

/** The season's transfers; one of this member's may be recorded as paid ("Mark as paid" by
 * its payee, "I paid this" by its payer): the other side then confirms it. */
function transferItems(transfers, me, record) {
  return transfers.map((transfer) => {
    const mine = [transfer.payer, transfer.payee].includes(me.key)
      && transfer.payer.startsWith("member:") && transfer.payee.startsWith("member:");
    const words = transfer.payee === me.key ? "Mark as paid" : "I paid this";
    return h("li", { class: "transfer" },
      h("strong", {}, transfer.payer_name), " pays ", h("strong", {}, transfer.payee_name), " ",
      h("span", { class: "amount" }, chips(transfer.amount)), " ",
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
      if (this.invite) {
        this.body.replaceChildren(this.invitePanel(info.club, info.me));
        return;
      }
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

  /** An invitation opened: a name to join by (a member signed in here takes an
   * organiser's invitation under their own). */
  invitePanel(club, me) {
    const name = h("input", { id: "club-invite-name", type: "text", maxlength: 32, required: true,
      autocomplete: "nickname" });
    const error = h("p", { class: "error", role: "alert", id: "club-invite-error" });
    const form = h("form", { class: "card-panel", "aria-labelledby": "club-invite-title" },
      h("h1", { id: "club-invite-title" }, `You are invited to the ${club.name} club`),
      me ? h("p", {}, "This browser is signed in as ", h("strong", {}, me.name),
        ". An organiser's invitation makes you an organiser.")
        : [h("p", {}, "Members are remembered from one table to the next: their results, ",
          "hands and the season's money follow them. The invitation is good once."),
        h("div", { class: "row" }, h("label", { for: "club-invite-name" }, "Your name"), name)],
      h("button", { type: "submit", class: "primary", id: "club-invite-submit" },
        me ? "Take the invitation" : "Join the club"),
      error, h("p", {}, h("a", { href: "#" }, "Back to the tables")));
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
      h("h1", { id: "club-sign-in-title" }, `The ${club.name} club`),
      h("p", {}, "The season is for the club's members, and the club takes members on a ",
        "member's word: open an invitation link a member gives you, or join a member's table ",
        "by their invite link with \u201cRemember me\u201d ticked. Signed in elsewhere? ",
        "Type a code from that device (Club \u2192 Sign in another device)."),
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
        this.devicePart(), this.invitePart(me), this.csvPart()),
      section("club-standings", "Standings", this.standings(season.standings)),
      section("club-settle", "Settle the season", this.settle(season.settle_up, me)),
      section("club-graph", "Results, hand after hand", this.graph(stats)),
      section("club-stats", "Statistics", h("div", { class: "table-scroll" }, statsTable(stats.players))),
      section("club-nights", "Nights", this.nights(season.nights)),
      season.ledgers?.length
        ? section("club-imported", "Imported nights", importedNights(season.ledgers)) : "",
      season.tournaments?.length
        ? section("club-tournaments", "Tournaments", tournaments(season.tournaments)) : "",
      section("club-payments", "Payments", this.payments(season.payments)),
      section("club-hands", "Hands", new HandSearch(season, stats.games).element),
      section("club-who", "Who is who", whoIsWho(season, () => this.load())),
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

  /** An invitation for a friend: a link to share (an organiser may make an organiser's). */
  invitePart(me) {
    const shown = h("p", { class: "note", role: "status", id: "club-invite-link" });
    const organiser = h("input", { type: "checkbox", id: "club-invite-organiser" });
    const button = h("button", { type: "button", id: "club-new-invite" }, "Invite a friend");
    button.addEventListener("click", async () => {
      try {
        const { link } = await api.newInvite(organiser.checked);
        const url = `${location.origin}/${link}`;
        shown.replaceChildren("Send this link to one friend (good once, for a week): ",
          h("input", { type: "text", readonly: true, value: url, class: "invite-url",
            "aria-label": "Invitation link", onfocus: (event) => event.target.select() }));
      } catch (failure) {
        shown.textContent = sentence(failure.message);
      }
    });
    return h("div", { class: "row" }, button, me.organiser
      ? h("label", { class: "check" }, organiser, " as an organiser") : "", shown);
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
    const imported = rows.some((row) => row.imported !== 0);
    const head = [["Player"], ["Nights"], ["Hands"], ["Chips won", wide], ["Expected", wide],
      ["From the nights", wide],
      ...(imported ? [["Imported", wide]] : []), ["Paid", wide], ["Received", wide], ["Balance"]]
      .map(([title, extra]) => h("th", { scope: "col", ...extra }, title));
    return h("div", { class: "table-scroll" }, h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, head)),
      h("tbody", {}, rows.map((row) => h("tr", { dataset: { key: row.key } },
        h("th", { scope: "row" }, row.name, row.member_id !== null ? ""
          : h("span", { class: "muted" }, row.imported_name ? " (imported)" : " (guest)")),
        h("td", {}, row.nights), h("td", {}, chips(row.hands)), h("td", wide, signed(row.net)),
        h("td", { ...wide, class: "wide-only expected" }, signed(row.expected ?? row.net)),
        h("td", wide, signed(row.won)),
        imported ? h("td", { ...wide, class: "wide-only imported-money" },
          row.imported ? signed(row.imported) : "\u2013") : "",
        h("td", wide, chips(row.paid)),
        h("td", wide, chips(row.received)), h("td", { class: "balance" }, signed(row.balance)))))),
    h("p", { class: "note" }, "Balance: what settling up pays you (minus: what you pay). ",
      "Bots' chips are nobody's money: they count in chips won, not in the balance. ",
      "Expected: the chips won had every pot run out all in gone by each hand's equity when ",
      "the chips went in (the hands shown; the server works it out).",
      imported ? " Imported: the part of it from ledgers the club brought from elsewhere "
        + "(an imported table's hands count, not its money)." : ""));
  }

  settle(transfers, me) {
    if (!transfers.length) return h("p", { class: "muted", id: "club-square" }, "Everybody is square.");
    const error = h("p", { class: "error", role: "alert" });
    const items = transferItems(transfers, me, (transfer) => this.recordPayment(transfer, error));
    return [h("ul", { class: "transfers", id: "club-transfers" }, items),
      h("p", { class: "note" }, "The fewest payments that square the whole season, between people ",
        "who played together where there is a choice. A payment counts once both of you say so."),
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
    const picker = h("select", { id: "club-graph-game", "aria-label": "Game" },
      h("option", { value: "all" }, "All games"),
      games.map((game) => h("option", { value: game }, stats.games[game] ?? gameName(game))));
    const holder = h("div", { class: "chart-holder" });
    const draw = () => {
      const game = picker.value;
      // Each person twice, in one colour: what they won, and dashed what they could expect.
      const people = [...names.keys()].filter((key) => stats.series[key]?.[game]);
      const lines = people.flatMap((key, index) => {
        const points = stats.series[key][game];
        const colour = COLOURS[index % COLOURS.length];
        return [{ name: names.get(key), colour, points: points.map(([at, won]) => [at, won]) },
          { name: `${names.get(key)} (expected)`, colour, dashed: true,
            points: points.map(([at, won, expected]) => [at, expected ?? won]) }];
      });
      if (!lines.length) {
        holder.replaceChildren(h("p", { class: "muted" }, "No hand finished yet."));
        return;
      }
      const won = lines.filter((line) => !line.dashed);
      const legend = h("ul", { class: "legend" }, won.map((line, index) => h("li", {},
        h("span", { class: "swatch", style: `background:${line.colour}` }), line.name, " ",
        signed(line.points.at(-1)[1]), h("span", { class: "muted" }, " \u00b7 expected ",
          signed(lines[2 * index + 1].points.at(-1)[1])))));
      const label = `Chips won or lost after each hand, and expected (dashed): `
        + picker.selectedOptions[0].textContent;
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
        night.counts_money ? "" : h("p", { class: "note" }, "Imported hands: they count in the ",
          "hands and statistics; the night's money is not in the season (an imported ledger brings it)."),
        h("ul", { class: "night-people" }, night.people.map((person) => h("li", {},
          person.name, ": ", signed(person.net), " chips",
          person.expected !== undefined && person.expected !== person.net
            ? [" \u00b7 expected ", signed(person.expected)] : "",
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
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    select.form.scrollIntoView({ behavior: still ? "auto" : "smooth" });
  }

  /** The payments this member is a side of (an organiser sees them all): those waiting
   * for a word, with what the server says this member may do with each. */
  payments(payments) {
    if (!payments.length) return h("p", { class: "muted" }, "No payment recorded yet.");
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
        `${day(payment.at)}: ${payment.payer.name} paid ${payment.payee.name} ${chips(payment.amount)}`,
        payment.counts ? "" : h("span", { class: "muted" }, " \u00b7 waiting for a word"), " ",
        can.confirm ? button("Confirm", "confirm-payment", () => api.confirmPayment(payment.id)) : "",
        can.decline ? button("It was not", "decline-payment", () => api.undoPayment(payment.id)) : "",
        can.withdraw ? button("Withdraw", "undo-payment", () => api.undoPayment(payment.id)) : "",
        can.settle && !payment.counts
          ? button("Count it", "settle-counts", () => api.settlePayment(payment.id, true)) : "",
        can.settle ? button("Strike it out", "settle-strike", () => api.settlePayment(payment.id, false))
          : "");
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

/** The nights of ledgers the club imported: each person's money that night, as the
 * server read it (names matched to members, or imported guests), and its settle-up. */
function importedNights(list) {
  const people = (night) => h("ul", { class: "night-people" }, night.people.map((person) =>
    h("li", {}, person.name,
      person.member_id === null ? h("span", { class: "muted" }, " (imported)") : "",
      ": ", signed(person.balance))));
  const settle = (night) => (night.settle_up.length
    ? h("ul", { class: "transfers" }, night.settle_up.map((transfer) => h("li", {},
      `${transfer.payer_name} pays ${transfer.payee_name} ${chips(transfer.amount)}`)))
    : h("p", { class: "muted" }, "Everybody square that night."));
  const items = list.map((night) => h("li", { class: "night imported" },
    h("details", { open: true },
      h("summary", {}, night.night ? day(night.created_at) : "An undated night", " \u00b7 ",
        h("span", { class: "imported-badge" }, "imported"), ` from ${night.file_name}`),
      people(night), settle(night))));
  return [h("ol", { class: "nights imported-nights" }, items),
    h("p", { class: "note" }, "Balances from a ledger kept elsewhere: they open the season and ",
      "count in the standings. Only the nights you played are listed.")];
}
