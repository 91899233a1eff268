// A seated player's own controls (sit out / in, post a big blind, add chips, stand up),
// the buy-in dialog for an empty seat, and the join form for a spectator.

import * as api from "./api.js";
import { chips, h, sentence } from "./dom.js";
import { saveSeat } from "./session.js";
import { buyInRange } from "./settings_form.js";

export class SeatControls {
  constructor(send) {
    this.send = send;
    this.error = h("p", { class: "error", role: "alert", id: "seat-error" });
    this.sitOut = h("button", { type: "button", id: "sit-out", onclick: () => this.toggleSitOut() }, "Sit out");
    this.postBlind = h("button", { type: "button", onclick: () => this.run({ type: "post_big_blind" }) },
      "Post a big blind to play now");
    this.addAmount = h("input", { type: "number", min: 1, "aria-label": "Chips to add", inputmode: "numeric" });
    this.standUp = h("button", { type: "button", onclick: () => this.run({ type: "stand_up" }) }, "Stand up");
    this.element = h("section", { class: "seat-controls", "aria-label": "Your seat", hidden: true },
      this.sitOut, this.postBlind,
      h("span", { class: "add-chips" }, this.addAmount,
        h("button", { type: "button", onclick: () => this.addChips() }, "Add chips")),
      this.standUp, this.error);
    this.sittingOut = false;
  }

  render(state) {
    const seat = state.mySeat === null ? null : state.seats.get(state.mySeat);
    this.element.hidden = seat === null;
    if (!seat) return;
    this.sittingOut = seat.sitting_out;
    this.sitOut.textContent = seat.sitting_out ? "Sit back in" : "Sit out";
    const inHand = state.hand !== null && state.handIndex(seat.seat) >= 0;
    this.postBlind.hidden = !seat.waiting || inHand || seat.sitting_out;
    this.standUp.disabled = inHand;
  }

  toggleSitOut() {
    this.run({ type: this.sittingOut ? "sit_in" : "sit_out" });
  }

  addChips() {
    const amount = Number(this.addAmount.value);
    if (!Number.isInteger(amount) || amount <= 0) {
      this.error.textContent = "Write how many chips to add.";
      return;
    }
    this.run({ type: "add_chips", amount });
  }

  async run(intent) {
    try {
      await this.send(intent);
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }
}

/** A modal dialog asking the buy-in for ``seat``; resolves when seated or closed. */
export function buyInDialog(state, seat, send) {
  const { minimum, maximum } = buyInRange(state.upcoming);
  // The debt cap limits what a player may owe: offer the most they can take.
  const cap = state.upcoming.debt_cap ?? maximum;
  const offered = Math.max(minimum, Math.min(maximum, cap));
  const input = h("input", { id: "buy-in", type: "number", min: minimum, max: maximum,
    value: offered, inputmode: "numeric", required: true });
  const error = h("p", { class: "error", role: "alert", id: "buy-in-error" });
  // The server says why a buy-in is refused, in words: no silent browser tooltip.
  const form = h("form", { method: "dialog", novalidate: true },
    h("h2", {}, `Sit in seat ${seat + 1}`),
    h("label", { for: "buy-in" }, `Buy-in (${chips(minimum)} to ${chips(maximum)} chips)`),
    input,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "buy-in-submit" }, "Sit down"),
      h("button", { type: "button", onclick: () => dialog.close() }, "Cancel")),
    error);
  const dialog = h("dialog", { class: "buy-in", "aria-label": "Buy in" }, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await send({ type: "sit", seat, buy_in: Number(input.value) });
      dialog.close();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  input.select();
}

/** For a spectator: a name to join the table with (the token is kept for reloads). */
export function joinForm(code) {
  const name = h("input", { id: "join-name", type: "text", maxlength: 32, required: true,
    autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "join-here", "aria-label": "Join this table" },
    h("label", { for: "join-name" }, "Your name"), name,
    h("button", { type: "submit", class: "primary" }, "Join this table"), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await api.joinTable(code, name.value.trim());
      saveSeat(code, { ...joined, name: name.value.trim() });
      location.reload();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    }
  });
  return form;
}
