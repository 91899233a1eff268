// The host's panel: deal or pause, settings (from the next hand), seats and bots,
// passing the host role on, closing the table; and the ledger with the settle-up and its CSV.

import * as api from "./api.js";
import { chips, h, sentence, wordsWith } from "./dom.js";
import { HostSeats } from "./host_seats.js";
import { has, t } from "./i18n.js";
import { readSettings, settingsForm } from "./settings_form.js";

/** Why the host role came to this page's player, in words, by the server's reason
 * (``HostChanged.reason``; decision 52): none for a table they opened or sat at first. */
const CAME_BECAUSE = {
  left: "table.host.now_left",
  away: "table.host.now_away",
  "sat out by the clock": "table.host.now_sat_out",
  "handed over": "table.host.now_handed_over",
};

/** "You are the host now: Ann has had no page open. ...", or "" when there is nothing to say. */
export function hostNote(state) {
  const change = state.hostChange;
  const key = change && change.host === state.playerId ? CAME_BECAUSE[change.reason] : null;
  if (!key) return "";
  const name = state.names.get(change.previous) ?? t("table.host.the_host");
  return t(key, { name });
}

export class HostPanel {
  constructor(code, send) {
    this.code = code;
    this.send = send;
    this.startButton = h("button", { id: "host-start", type: "button", class: "primary",
      onclick: () => this.run(this.running ? "pause" : "start", this.runError) }, t("table.host.deal"));
    this.runError = h("p", { class: "error", role: "alert" });
    this.why = h("p", { class: "note host-why", role: "status", id: "host-why" });
    this.formHolder = h("div");
    this.settingsError = h("p", { class: "error", role: "alert" });
    this.settingsNote = h("p", { class: "note", role: "status", id: "host-settings-note" });
    this.hostSelect = h("select", { "aria-label": t("table.host.new_host"), translate: "no" });
    this.hostError = h("p", { class: "error", role: "alert" });
    this.seatsPart = new HostSeats(send);
    // The invite link: friends who get it sit at once; with the code alone, a newcomer
    // asks and the host approves below.
    this.inviteLink = h("input", { id: "invite-link", type: "text", readonly: true,
      onfocus: (event) => event.target.select() });
    this.copyNote = h("span", { class: "note", role: "status", id: "invite-copied" });
    this.qr = h("img", { id: "invite-qr", alt: t("table.host.qr_alt"), width: 180, height: 180 });
    this.qrFor = null;
    // Ending the game cashes everybody out: asked twice, never by a stray click.
    this.closeError = h("p", { class: "error", role: "alert", id: "close-error" });
    this.closeConfirm = h("div", { class: "row confirm", hidden: true },
      h("span", {}, t("table.host.close_question")),
      h("button", { type: "button", id: "close-confirm", class: "danger",
        onclick: () => this.closeTable() }, t("table.host.close_yes")),
      h("button", { type: "button", onclick: () => { this.closeConfirm.hidden = true; } },
        t("common.cancel")));
    this.closeButton = h("button", { type: "button", id: "close-table",
      onclick: () => { this.closeConfirm.hidden = false; } }, t("table.host.close_table"));
    this.element = h("section", { class: "panel host", "aria-labelledby": "host-title", hidden: true },
      h("h2", { id: "host-title" }, t("table.host.title")),
      this.why,
      h("div", { class: "row" }, this.startButton,
        h("button", { type: "button", id: "host-bomb", title: t("table.host.bomb_pot_title"),
          onclick: () => this.run("call_bomb_pot", this.runError) },
        t("table.host.bomb_pot"))), this.runError,
      h("div", { class: "invite" },
        h("label", { for: "invite-link" }, t("table.host.invite_link")),
        h("div", { class: "row" }, this.inviteLink,
          h("button", { type: "button", id: "copy-invite", onclick: () => this.copyInvite() },
            t("table.host.copy")),
          h("button", { type: "button", id: "new-invite", title: t("table.host.new_link_title"),
            onclick: () => this.run("new_invite", this.runError) }, t("table.host.new_link")),
          this.copyNote),
        h("details", { class: "invite-qr", ontoggle: (event) => {
          if (event.target.open) this.showQr();
        } }, h("summary", {}, t("table.host.qr_for_phone")), this.qr)),
      h("details", { class: "host-settings" },
        h("summary", {}, t("table.host.settings")),
        this.formHolder,
        h("button", { id: "host-apply", type: "button", onclick: () => this.applySettings() },
          t("table.host.apply")),
        this.settingsError),
      this.settingsNote,
      this.seatsPart.element,
      h("div", { class: "row" }, h("label", {}, wordsWith("table.host.pass_role_to", {},
        { select: this.hostSelect })),
      h("button", { type: "button", onclick: () => this.transfer() }, t("table.host.pass"))),
      this.hostError,
      h("p", { class: "note" }, t("table.host.sat_out_note")),
      h("div", { class: "row" }, this.closeButton), this.closeConfirm, this.closeError);
    this.running = false;
    this.formFor = null;
  }

  /** The QR code of the invite link, drawn once per link (a data: image: no inline markup). */
  async showQr() {
    const link = this.inviteLink.value;
    if (!link || this.qrFor === link) return;
    try {
      const svg = await api.qrCode(link);
      this.qr.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      this.qrFor = link;
    } catch {
      this.qr.alt = t("table.host.qr_failed");
    }
  }

  async copyInvite() {
    try {
      await navigator.clipboard.writeText(this.inviteLink.value);
      this.copyNote.textContent = t("table.host.copied");
    } catch {
      this.inviteLink.select(); // no clipboard (plain http on another device): copy by hand
      this.copyNote.textContent = t("table.host.selected");
    }
  }

  render(state) {
    this.element.hidden = !state.isHost || state.closed;
    if (!state.isHost) return;
    this.why.textContent = hostNote(state);
    this.why.hidden = !this.why.textContent;
    this.inviteLink.value = state.invite ? `${location.origin}/#${this.code}/${state.invite}` : "";
    this.closeButton.disabled = state.closing;
    this.closeButton.textContent = t(state.closing ? "table.host.closes_after_hand"
      : "table.host.close_table");
    this.running = state.running;
    // Before the first hand the game starts; after a pause it goes on.
    const dealtBefore = state.handNumber > 0 || state.hand !== null;
    this.startButton.textContent = t(state.running ? "table.host.pause"
      : dealtBefore ? "table.host.deal_again" : "table.host.deal_start");
    const key = JSON.stringify(state.upcoming);
    if (this.formFor !== key && !this.formHolder.contains(document.activeElement)) {
      this.formFor = key;
      this.form = settingsForm(state.upcoming);
      this.formHolder.replaceChildren(this.form);
    }
    this.seatsPart.render(state);
    const others = [...state.seats.values()]
      .filter((seat) => seat.player_id !== state.playerId && !seat.bot);
    this.hostSelect.replaceChildren(...others.map((seat) => h("option", { value: seat.player_id }, seat.name)));
  }

  async run(type, errorLine) {
    try {
      await this.send({ type });
      errorLine.textContent = "";
    } catch (error) {
      errorLine.textContent = sentence(error.message);
    }
  }

  async closeTable() {
    this.closeConfirm.hidden = true;
    await this.run("close_table", this.closeError);
  }

  async applySettings() {
    this.settingsNote.textContent = "";
    try {
      await this.send({ type: "settings", settings: readSettings(this.form) });
      this.settingsError.textContent = "";
      this.settingsNote.textContent = t("table.host.saved");
      this.element.querySelector(".host-settings").open = false;
    } catch (error) {
      this.settingsError.textContent = sentence(error.message);
    }
  }

  async transfer() {
    if (!this.hostSelect.value) {
      this.hostError.textContent = t("table.host.nobody_to_take");
      return;
    }
    try {
      await this.send({ type: "transfer_host", player_id: this.hostSelect.value });
      this.hostError.textContent = "";
    } catch (error) {
      this.hostError.textContent = sentence(error.message);
    }
  }
}

/** Everybody may read the ledger: buy-ins, results, who pays whom, and the CSV file. */
export class LedgerPanel {
  constructor(code) {
    this.code = code;
    this.body = h("div", { class: "ledger" });
    this.error = h("p", { class: "error", role: "alert" });
    this.element = h("section", { class: "panel", "aria-labelledby": "ledger-title" },
      h("h2", { id: "ledger-title" }, t("table.ledger.title")),
      h("div", { class: "row" },
        h("button", { id: "ledger-refresh", type: "button", onclick: () => this.refresh() },
          t("table.ledger.show")),
        h("a", { href: api.ledgerCsvUrl(code), download: `pokernight-${code}-ledger.csv`,
          class: "button-link" }, t("table.ledger.download_csv"))),
      this.body, this.error);
  }

  async refresh() {
    try {
      const ledger = await api.ledger(this.code);
      // People owe, under a debt cap: the table's, or their own where the host set one.
      const row = (account, owing) => h("tr", {},
        h("th", { scope: "row", translate: "no" }, account.name), h("td", {}, chips(account.bought_in)),
        h("td", {}, chips(account.at_table)), h("td", {}, chips(account.cashed_out)),
        h("td", { class: account.net < 0 ? "loss" : "gain" }, chips(account.net)),
        h("td", { class: `expected ${(account.expected ?? account.net) < 0 ? "loss" : "gain"}` },
          chips(account.expected ?? account.net)),
        owing ? h("td", { class: "debt-cap" }, debtCapWords(account)) : null);
      // Wider than the side panel: it scrolls sideways, the names' column kept in view.
      const table = (accounts, owing = false) => h("div", { class: "table-scroll" },
        h("table", {}, h("thead", {}, h("tr", {},
        ["player", "bought_in", "at_table", "cashed_out", "net", "expected",
          ...(owing ? ["debt_cap"] : [])]
          .map((column) => h("th", { scope: "col" }, t(`table.ledger.${column}`))))),
      h("tbody", {}, accounts.map((account) => row(account, owing)))));
      const people = ledger.accounts.filter((account) => !account.bot);
      const reasons = reasonsPart(ledger);
      const bots = ledger.accounts.filter((account) => account.bot);
      const transfers = ledger.settle_up.map((transfer) => h("li", {},
        t("table.ledger.pays", { payer: transfer.payer_name, payee: transfer.payee_name,
          amount: transfer.amount })));
      // replaceChildren writes a null as the word "null": the bots' part is left out instead.
      const botsPart = bots.length ? [h("div", { class: "bots-ledger" },
        h("h3", {}, t("table.ledger.bots")), table(bots),
        h("p", { class: "note" }, t("table.ledger.bots_note")))] : [];
      const expectedNote = h("p", { class: "note" }, t("table.ledger.expected_note"));
      this.body.replaceChildren(table(people, true), expectedNote, ...reasons, ...botsPart,
        h("h3", {}, t("table.ledger.settle_up")),
        transfers.length ? h("ul", {}, transfers)
          : h("p", { class: "muted" }, t("table.ledger.nobody_owes")));
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }
}

/** "1,000", "600 (own)" (the host set this player's own cap), or "none". */
function debtCapWords(account) {
  if (account.debt_cap === null || account.debt_cap === undefined) return t("table.ledger.no_cap");
  return account.own_debt_cap === null || account.own_debt_cap === undefined
    ? chips(account.debt_cap) : t("table.ledger.own_cap", { amount: account.debt_cap });
}

/** The host's corrections and removals, each with its reason, as the ledger's entries say
 * them (none: nothing is shown). */
function reasonsPart(ledger) {
  const names = new Map(ledger.accounts.map((account) => [account.player_id, account.name]));
  const lines = ledger.entries.filter((entry) => entry.reason).map((entry) => {
    const name = names.get(entry.player_id) ?? entry.player_id;
    const what = entry.kind === "correction"
      ? t("table.ledger.stack_corrected", { sign: entry.amount > 0 ? "+" : "\u2212",
        amount: Math.abs(entry.amount) })
      : t(`table.ledger.entry_${entry.kind}`, { amount: entry.amount });
    const when = entry.hand ? t("table.ledger.after_hand", { number: String(entry.hand) })
      : t("table.ledger.before_first_hand");
    // A removal's or standing up's words are the table's, before the host's reason.
    const key = `table.ledger.reason.${entry.reason_code}`;
    const reason = entry.reason_code && has(key) ? t(key, entry.reason_params) : entry.reason;
    return h("li", {}, t("table.ledger.reason_line", { name, what, reason, when }));
  });
  if (!lines.length) return [];
  return [h("h3", {}, t("table.ledger.corrections")),
    h("ul", { class: "reasons", id: "ledger-reasons" }, lines)];
}
