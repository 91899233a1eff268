// The host's say over seats: seat and rebuy requests to approve or decline, sitting a player
// out, setting a player's own debt cap, correcting a stack, standing up a player who walked
// away and removing a player (the last three with a reason; each in a small dialog: the
// server judges them and its refusal is shown as it says it), letting a removed player back,
// and bots (added to an empty seat at a chosen level, sat back in, removed between hands).

import { botBadge, botOf } from "./bot_badge.js";
import { cancelButton, chips, h, modalForm, replaceKeepingFocus, sentence } from "./dom.js";

export const BOT_LEVELS = ["easy", "medium", "hard"];

export class HostSeats {
  constructor(send) {
    this.send = send;
    this.requests = h("ul", { id: "host-requests", "aria-label": "Seat requests" });
    this.rebuys = h("ul", { id: "host-rebuys", "aria-label": "Rebuy requests" });
    this.players = h("ul", { id: "host-players", "aria-label": "Seated players" });
    this.removed = h("ul", { id: "host-removed", "aria-label": "Removed players" });
    this.removedPart = h("div", { hidden: true }, h("h3", {}, "Removed from the table"),
      this.removed);
    this.botSeat = h("select", { id: "bot-seat", "aria-label": "Seat for the bot" });
    this.botLevel = h("select", { id: "bot-level", "aria-label": "Bot level" },
      BOT_LEVELS.map((level) => h("option", { value: level, selected: level === "medium" }, level)));
    this.error = h("p", { class: "error", role: "alert", id: "host-seats-error" });
    this.element = h("div", { class: "host-seats" },
      h("h3", {}, "Seat requests"), this.requests,
      h("h3", {}, "Rebuy requests"), this.rebuys,
      h("h3", {}, "Players and bots"), this.players, this.removedPart,
      h("div", { class: "row" },
        h("label", {}, "Add a bot in ", this.botSeat), h("label", {}, "level ", this.botLevel),
        h("button", { id: "add-bot", type: "button", onclick: () => this.addBot() }, "Add bot")),
      this.error);
  }

  render(state) {
    const asked = [...state.seatRequests.values()];
    replaceKeepingFocus(this.requests, asked.length ? asked.map((request) => h("li", { class: "request" },
      h("span", { class: "who" }, botBadge(botOf(request)),
        `${request.name} asks for seat ${request.seat + 1} with ${chips(request.buy_in)} chips`),
      this.button(`approve-${request.player_id}`, `Approve ${request.name}`, "Approve",
        { type: "approve_seat", player_id: request.player_id }),
      this.button(`decline-${request.player_id}`, `Decline ${request.name}`, "Decline",
        { type: "decline_seat", player_id: request.player_id })))
      : h("li", { class: "muted" }, "Nobody is waiting for a seat."));
    const rebuys = [...state.rebuyRequests.values()];
    replaceKeepingFocus(this.rebuys, rebuys.length ? rebuys.map((request) => {
      const name = state.seats.get(request.seat)?.name ?? `seat ${request.seat + 1}`;
      return h("li", { class: "request" },
        h("span", { class: "who" }, `${name} asks to add ${chips(request.amount)} chips`),
        this.button(`approve-rebuy-${request.player_id}`, `Let ${name} add chips`, "Approve",
          { type: "approve_rebuy", player_id: request.player_id }),
        this.button(`decline-rebuy-${request.player_id}`, `Decline ${name}'s rebuy`, "Decline",
          { type: "decline_rebuy", player_id: request.player_id }));
    }) : h("li", { class: "muted" }, "Nobody is waiting to add chips."));
    const others = [...state.seats.values()].filter((seat) => seat.player_id !== state.playerId);
    replaceKeepingFocus(this.players, others.length ? others.map((seat) => this.seatRow(seat))
      : h("li", { class: "muted" }, "Nobody else is seated."));
    const removed = [...state.removed.values()];
    this.removedPart.hidden = !removed.length;
    replaceKeepingFocus(this.removed, removed.map((gone) => h("li", {},
      h("span", { class: "who" }, `${gone.name}: ${gone.reason}`),
      this.button(`let-back-${gone.player_id}`, `Let ${gone.name} sit here again`, "Let back",
        { type: "let_player_back", player_id: gone.player_id }))));
    const seatCount = state.upcoming.seats ?? state.settings.seats ?? 6;
    const chosen = this.botSeat.value;
    const empty = [...Array(seatCount).keys()].filter((number) => !state.seats.has(number));
    this.botSeat.replaceChildren(...empty.map((number) => h("option",
      { value: number, selected: String(number) === chosen }, `seat ${number + 1}`)));
  }

  seatRow(seat) {
    const who = h("span", { class: "who" }, botBadge(botOf(seat)), seat.name,
      seat.sitting_out ? h("span", { class: "muted" }, " (sitting out)") : null);
    if (seat.bot) {
      return h("li", {}, who,
        seat.sitting_out ? this.button(`sit-in-bot-${seat.seat}`, `Sit ${seat.name} back in`,
          "Sit in", { type: "sit_bot_in", seat: seat.seat }) : null,
        this.button(`remove-bot-${seat.seat}`, `Remove ${seat.name}`,
          "Remove bot", { type: "remove_bot", seat: seat.seat }));
    }
    if (seat.removed) {
      return h("li", {}, who, h("span", { class: "muted" }, " removed: leaves when the hand ends"));
    }
    return h("li", {}, who, seat.sitting_out ? null : this.button(`sit-out-${seat.player_id}`,
      `Sit ${seat.name} out`, "Sit out", { type: "sit_player_out", player_id: seat.player_id }),
    h("button", { type: "button", dataset: { key: `correct-${seat.player_id}` },
      "aria-description": `Correct ${seat.name}'s stack`, onclick: () => correctStackDialog(seat, this.send) },
    "Correct stack"),
    h("button", { type: "button", dataset: { key: `debt-cap-${seat.player_id}` },
      "aria-description": `Set ${seat.name}'s debt cap`, onclick: () => debtCapDialog(seat, this.send) },
    "Debt cap"),
    h("button", { type: "button", dataset: { key: `stand-up-${seat.player_id}` },
      "aria-description": `Stand ${seat.name} up`, onclick: () => standUpDialog(seat, this.send) },
    "Stand up"),
    h("button", { type: "button", dataset: { key: `remove-${seat.player_id}` },
      "aria-description": `Remove ${seat.name} from the table`, onclick: () => removeDialog(seat, this.send) },
    "Remove"));
  }

  button(key, label, text, intent) {
    return h("button", { type: "button", dataset: { key }, "aria-description": label,
      onclick: () => this.request(intent) }, text);
  }

  addBot() {
    if (this.botSeat.value === "") {
      this.error.textContent = "There is no empty seat for a bot.";
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
    label: "Correct a stack",
    title: `Correct ${seat.name}'s stack (now ${chips(seat.stack)})`,
    fields: [h("label", { for: "correct-stack-amount" }, "New stack"), stack,
      h("label", { for: "correct-stack-reason" }, "Reason (everybody sees it)"), reason],
    note: "Chips added are lent like a rebuy, chips taken away paid back like a cash-out: "
      + "the ledger shows the correction with its reason.",
    submitId: "correct-stack-submit",
    submitText: "Set the stack",
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
  const now = room.cap === null || room.cap === undefined ? "no cap"
    : `${chips(room.cap)}${room.own_cap ? ", their own" : ", the table's"}`;
  hostDialog({
    label: "Set a player's debt cap",
    title: `${seat.name}'s debt cap (now ${now})`,
    fields: [h("label", { for: "debt-cap-amount" }, "Debt cap (empty: the table's)"), amount],
    note: `The most ${seat.name} may owe the group: a buy-in or rebuy above it is refused, `
      + "and everybody sees the change in the chat.",
    submitId: "debt-cap-submit",
    submitText: "Set the cap",
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
    label: "Stand a player up",
    title: `Stand ${seat.name} up`,
    fields: [h("label", { for: "stand-up-reason" }, "Reason (everybody sees it)"), reason],
    note: `For a player who walked away: ${seat.name} is cashed out with their stack between `
      + "their hands and the seat is free for somebody else. They may sit again when they are "
      + "back.",
    submitId: "stand-up-submit",
    submitText: `Stand ${seat.name} up`,
    intent: () => ({ type: "stand_player_up", player_id: seat.player_id, reason: reason.value }),
    send,
    focus: reason,
  });
}

/** The host removes a seated player, with a reason everybody sees. */
export function removeDialog(seat, send) {
  const reason = reasonInput("remove-reason");
  hostDialog({
    label: "Remove a player",
    title: `Remove ${seat.name} from the table`,
    fields: [h("label", { for: "remove-reason" }, "Reason (everybody sees it)"), reason],
    note: `${seat.name} is cashed out with their stack (at once between hands; during a hand `
      + "they are in, when it ends) and may not sit here again until you let them back.",
    submitId: "remove-submit",
    submitText: `Remove ${seat.name}`,
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
