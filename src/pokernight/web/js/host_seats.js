// The host's say over seats: seat and rebuy requests to approve or decline, sitting a player
// out, setting a player's own debt cap, correcting a stack, standing up a player who walked
// away and removing a player (the last three with a reason; each in a small dialog: the
// server judges them and its refusal is shown as it says it), letting a removed player back,
// and bots (added to an empty seat at a chosen level, sat back in, removed between hands).

import { botBadge, botOf, levelWords } from "./bot_badge.js";
import { cancelButton, chips, h, modalForm, replaceKeepingFocus, sentence } from "./dom.js";
import { t } from "./i18n.js";

export const BOT_LEVELS = ["easy", "medium", "hard"];

export class HostSeats {
  constructor(send) {
    this.send = send;
    this.requests = h("ul", { id: "host-requests", "aria-label": t("table.hs.seat_requests_label") });
    this.rebuys = h("ul", { id: "host-rebuys", "aria-label": t("table.hs.rebuy_requests_label") });
    this.players = h("ul", { id: "host-players", "aria-label": t("table.hs.seated_players") });
    this.removed = h("ul", { id: "host-removed", "aria-label": t("table.hs.removed_players") });
    this.removedPart = h("div", { hidden: true }, h("h3", {}, t("table.hs.removed_title")),
      this.removed);
    this.botSeat = h("select", { id: "bot-seat", "aria-label": t("table.hs.bot_seat") });
    this.botLevel = h("select", { id: "bot-level", "aria-label": t("table.hs.bot_level") },
      BOT_LEVELS.map((level) => h("option", { value: level, selected: level === "medium" },
        levelWords(level))));
    this.error = h("p", { class: "error", role: "alert", id: "host-seats-error" });
    this.element = h("div", { class: "host-seats" },
      h("h3", {}, t("table.hs.seat_requests")), this.requests,
      h("h3", {}, t("table.hs.rebuy_requests")), this.rebuys,
      h("h3", {}, t("table.hs.players_and_bots")), this.players, this.removedPart,
      h("div", { class: "row" },
        h("label", {}, t("table.hs.add_bot_in"), " ", this.botSeat),
        h("label", {}, t("table.hs.level"), " ", this.botLevel),
        h("button", { id: "add-bot", type: "button", onclick: () => this.addBot() },
          t("table.hs.add_bot"))),
      this.error);
  }

  render(state) {
    const asked = [...state.seatRequests.values()];
    replaceKeepingFocus(this.requests, asked.length ? asked.map((request) => h("li", { class: "request" },
      h("span", { class: "who" }, botBadge(botOf(request)),
        t("table.hs.asks_for_seat", { name: request.name, number: request.seat + 1,
          amount: chips(request.buy_in), count: request.buy_in })),
      this.button(`approve-${request.player_id}`, t("table.hs.approve_name", { name: request.name }),
        t("table.hs.approve"), { type: "approve_seat", player_id: request.player_id }),
      this.button(`decline-${request.player_id}`, t("table.hs.decline_name", { name: request.name }),
        t("table.hs.decline"), { type: "decline_seat", player_id: request.player_id })))
      : h("li", { class: "muted" }, t("table.hs.nobody_waiting_seat")));
    const rebuys = [...state.rebuyRequests.values()];
    replaceKeepingFocus(this.rebuys, rebuys.length ? rebuys.map((request) => {
      const name = state.seats.get(request.seat)?.name
        ?? t("table.hs.seat_lower", { number: request.seat + 1 });
      return h("li", { class: "request" },
        h("span", { class: "who" }, t("table.hs.asks_to_add", { name, amount: chips(request.amount),
          count: request.amount })),
        this.button(`approve-rebuy-${request.player_id}`, t("table.hs.let_add", { name }),
          t("table.hs.approve"), { type: "approve_rebuy", player_id: request.player_id }),
        this.button(`decline-rebuy-${request.player_id}`, t("table.hs.decline_rebuy", { name }),
          t("table.hs.decline"), { type: "decline_rebuy", player_id: request.player_id }));
    }) : h("li", { class: "muted" }, t("table.hs.nobody_waiting_chips")));
    const others = [...state.seats.values()].filter((seat) => seat.player_id !== state.playerId);
    replaceKeepingFocus(this.players, others.length ? others.map((seat) => this.seatRow(seat))
      : h("li", { class: "muted" }, t("table.hs.nobody_else")));
    const removed = [...state.removed.values()];
    this.removedPart.hidden = !removed.length;
    replaceKeepingFocus(this.removed, removed.map((gone) => h("li", {},
      h("span", { class: "who", translate: "no" }, `${gone.name}: ${gone.reason}`),
      this.button(`let-back-${gone.player_id}`, t("table.hs.let_back_name", { name: gone.name }),
        t("table.hs.let_back"),
        { type: "let_player_back", player_id: gone.player_id }))));
    const seatCount = state.upcoming.seats ?? state.settings.seats ?? 6;
    const chosen = this.botSeat.value;
    const empty = [...Array(seatCount).keys()].filter((number) => !state.seats.has(number));
    this.botSeat.replaceChildren(...empty.map((number) => h("option",
      { value: number, selected: String(number) === chosen },
      t("table.hs.seat_lower", { number: number + 1 }))));
  }

  seatRow(seat) {
    const who = h("span", { class: "who" }, botBadge(botOf(seat)),
      h("span", { translate: "no" }, seat.name),
      seat.sitting_out ? h("span", { class: "muted" }, " ", t("table.hs.sitting_out")) : null);
    const name = seat.name;
    if (seat.bot) {
      return h("li", {}, who,
        seat.sitting_out ? this.button(`sit-in-bot-${seat.seat}`, t("table.hs.sit_back_in_name", { name }),
          t("table.hs.sit_in"), { type: "sit_bot_in", seat: seat.seat }) : null,
        this.button(`remove-bot-${seat.seat}`, t("table.hs.remove_name", { name }),
          t("table.hs.remove_bot"), { type: "remove_bot", seat: seat.seat }));
    }
    if (seat.removed) {
      return h("li", {}, who, h("span", { class: "muted" }, " ", t("table.hs.removed_leaves")));
    }
    return h("li", {}, who, seat.sitting_out ? null : this.button(`sit-out-${seat.player_id}`,
      t("table.hs.sit_out_name", { name }), t("table.hs.sit_out"),
      { type: "sit_player_out", player_id: seat.player_id }),
    h("button", { type: "button", dataset: { key: `correct-${seat.player_id}` },
      "aria-description": t("table.hs.correct_name", { name }),
      onclick: () => correctStackDialog(seat, this.send) }, t("table.hs.correct_stack")),
    h("button", { type: "button", dataset: { key: `debt-cap-${seat.player_id}` },
      "aria-description": t("table.hs.debt_cap_name", { name }),
      onclick: () => debtCapDialog(seat, this.send) }, t("table.hs.debt_cap")),
    h("button", { type: "button", dataset: { key: `stand-up-${seat.player_id}` },
      "aria-description": t("table.hs.stand_up_name", { name }),
      onclick: () => standUpDialog(seat, this.send) }, t("table.hs.stand_up")),
    h("button", { type: "button", dataset: { key: `remove-${seat.player_id}` },
      "aria-description": t("table.hs.remove_from_table_name", { name }),
      onclick: () => removeDialog(seat, this.send) }, t("table.hs.remove")));
  }

  button(key, label, text, intent) {
    return h("button", { type: "button", dataset: { key }, "aria-description": label,
      onclick: () => this.request(intent) }, text);
  }

  addBot() {
    if (this.botSeat.value === "") {
      this.error.textContent = t("table.hs.no_seat_for_bot");
      return;
    }
    this.request({ type: "add_bot", seat: Number(this.botSeat.value), level: this.botLevel.value });
  }

  async request(intent) {
    try {
      await this.send(intent);
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }
}

/** The host sets a seated player's stack, with a reason everybody sees. The server says
 * whether it may be done now (between the player's hands, within the table's limits). */
export function correctStackDialog(seat, send) {
  const stack = h("input", { id: "correct-stack-amount", type: "number", min: 0,
    value: seat.stack, inputmode: "numeric", required: true });
  const reason = reasonInput("correct-stack-reason");
  hostDialog({
    label: t("table.hs.correct_label"),
    title: t("table.hs.correct_title", { name: seat.name, amount: seat.stack }),
    fields: [h("label", { for: "correct-stack-amount" }, t("table.hs.new_stack")), stack,
      h("label", { for: "correct-stack-reason" }, t("table.hs.reason")), reason],
    note: t("table.hs.correct_note"),
    submitId: "correct-stack-submit",
    submitText: t("table.hs.set_stack"),
    intent: () => ({ type: "correct_stack", player_id: seat.player_id,
      stack: Number(stack.value), reason: reason.value }),
    send,
    focus: stack,
  });
}

/** The host sets what one player may owe (seed 003: "Maximum Debt: configurable per
 * player"); left empty, the player has the table's cap again. The seat's ``rebuy`` says the
 * cap counted now and whether it is the player's own. */
export function debtCapDialog(seat, send) {
  const room = seat.rebuy ?? {};
  const amount = h("input", { id: "debt-cap-amount", type: "number", min: 1,
    value: room.own_cap ? room.cap : "", inputmode: "numeric" });
  const title = room.cap === null || room.cap === undefined ? "table.hs.cap_title_none"
    : room.own_cap ? "table.hs.cap_title_own" : "table.hs.cap_title_table";
  hostDialog({
    label: t("table.hs.cap_label"),
    title: t(title, { name: seat.name, amount: room.cap }),
    fields: [h("label", { for: "debt-cap-amount" }, t("table.hs.cap_field")), amount],
    note: t("table.hs.cap_note", { name: seat.name }),
    submitId: "debt-cap-submit",
    submitText: t("table.hs.set_cap"),
    intent: () => ({ type: "set_debt_cap", player_id: seat.player_id,
      cap: amount.value.trim() === "" ? null : Number(amount.value) }),
    send,
    focus: amount,
  });
}

/** The host stands up a player who walked away without standing up, with a reason
 * everybody sees: cashed out, the seat free; unlike a removal, they may sit again. */
export function standUpDialog(seat, send) {
  const reason = reasonInput("stand-up-reason");
  hostDialog({
    label: t("table.hs.stand_up_label"),
    title: t("table.hs.stand_up_name", { name: seat.name }),
    fields: [h("label", { for: "stand-up-reason" }, t("table.hs.reason")), reason],
    note: t("table.hs.stand_up_note", { name: seat.name }),
    submitId: "stand-up-submit",
    submitText: t("table.hs.stand_up_name", { name: seat.name }),
    intent: () => ({ type: "stand_player_up", player_id: seat.player_id, reason: reason.value }),
    send,
    focus: reason,
  });
}

/** The host removes a seated player, with a reason everybody sees. */
export function removeDialog(seat, send) {
  const reason = reasonInput("remove-reason");
  hostDialog({
    label: t("table.hs.remove_label"),
    title: t("table.hs.remove_from_table_name", { name: seat.name }),
    fields: [h("label", { for: "remove-reason" }, t("table.hs.reason")), reason],
    note: t("table.hs.remove_note", { name: seat.name }),
    submitId: "remove-submit",
    submitText: t("table.hs.remove_name", { name: seat.name }),
    intent: () => ({ type: "remove_player", player_id: seat.player_id, reason: reason.value }),
    send,
    focus: reason,
  });
}

function reasonInput(id) {
  return h("input", { id, type: "text", maxlength: 100, required: true, autocomplete: "off" });
}

/** A modal form: the fields, a note, a submit that sends ``intent()``; the server's refusal
 * is shown under it, word for word, and the dialog stays open. */
function hostDialog({ label, title, fields, note, submitId, submitText, intent, send, focus }) {
  const error = h("p", { class: "error", role: "alert", id: `${submitId}-error` });
  const form = h("form", { method: "dialog", novalidate: true },
    h("h2", {}, title), ...fields, h("p", { class: "note" }, note),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: submitId }, submitText), cancelButton()),
    error);
  modalForm({ class: "host-dialog", "aria-label": label }, form, error, () => send(intent()), focus);
}
