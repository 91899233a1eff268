// A seated player's own controls (sit out / in, post a big blind, add chips with how many
// the debt cap still allows, show the last hand's cards, stand up), the buy-in dialog for
// an empty seat, and the join form for a spectator.

import * as api from "./api.js";
import { cardName, cardText } from "./cards.js";
import { chipsRoom, roomWords } from "./chip_room.js";
import { cancelButton, h, modalForm, sentence } from "./dom.js";
import { t } from "./i18n.js";
import { asNewcomer, keepJoined, memberChoice } from "./identity.js";

/** How many chips this player may take, as the ledger says (one with no account owes nothing). */
async function roomOf(code, playerId) {
  const { accounts, newcomer_room: newcomer } = await api.ledger(code);
  return accounts.find((account) => account.player_id === playerId)?.chips_room ?? newcomer;
}

/** Where a straddle goes, by the host's choice (``upcoming.straddles``): the button's words. */
const STRADDLE_WHERE = new Set(["under_the_gun", "mississippi"]);

export class SeatControls {
  /** ``tournament``: the director seats the player and chips are never bought, so there
   * is no adding chips and no standing up (sitting out is blinded away, TDA 29). */
  constructor(code, send, { tournament = false } = {}) {
    this.code = code;
    this.send = send;
    this.state = null;
    this.error = h("p", { class: "error", role: "alert", id: "seat-error" });
    this.hint = h("p", { class: "note rebuy-hint", id: "rebuy-hint" });
    this.sitOut = h("button", { type: "button", id: "sit-out", onclick: () => this.toggleSitOut() },
      t("table.seat.sit_out"));
    this.postBlind = h("button", { type: "button", onclick: () => this.run({ type: "post_big_blind" }) },
      t("table.seat.post_big_blind"));
    this.addAmount = h("input", { type: "number", min: 1, "aria-label": t("table.seat.chips_to_add"),
      inputmode: "numeric" });
    this.addButton = h("button", { type: "button", id: "add-chips", "aria-describedby": "rebuy-hint",
      onclick: () => this.addChips() }, t("table.seat.add_chips"));
    this.standUp = h("button", { type: "button", onclick: () => this.run({ type: "stand_up" }) },
      t("table.seat.stand_up"));
    // Won without a showdown, mucked or folded: a player may still show (docs/rules.md, Showdown).
    this.showCards = h("button", { type: "button", id: "show-cards",
      onclick: () => this.run({ type: "show_cards" }) }, t("table.seat.show_last_hand"));
    // Or one card at a time (a 7-2 bounty needs both shown).
    this.showOne = h("span", { class: "show-one", id: "show-one" });
    // The last hand ended early at a table that allows it: the board it would have dealt.
    // At a table that allows it (the seat's ``may_straddle``): straddle wherever the table's
    // straddles allow it, from the next hand (the server works out which and posts it).
    this.straddle = h("button", { type: "button", id: "straddle", "aria-pressed": "false",
      onclick: () => this.run({ type: "straddle", on: !this.straddling }) }, t("table.seat.straddle"));
    this.rabbit = h("button", { type: "button", id: "rabbit-hunt",
      onclick: () => this.run({ type: "rabbit_hunt" }) }, t("table.seat.rabbit_hunt"));
    this.element = h("section", { class: "seat-controls", "aria-label": t("table.seat.label"),
      hidden: true },
      this.sitOut, this.postBlind, this.straddle, this.showCards, this.showOne, this.rabbit,
      tournament ? null : [h("span", { class: "add-chips" }, this.addAmount, this.addButton),
        this.standUp, this.hint],
      this.error);
    this.sittingOut = false;
  }

  render(state) {
    const seat = state.mySeat === null ? null : state.seats.get(state.mySeat);
    this.element.hidden = seat === null;
    if (!seat) return;
    this.sittingOut = seat.sitting_out;
    this.sitOut.textContent = t(seat.sitting_out ? "table.seat.sit_back_in" : "table.seat.sit_out");
    const inHand = state.hand !== null && state.handIndex(seat.seat) >= 0;
    this.postBlind.hidden = !seat.can_post_big_blind || inHand;
    this.standUp.disabled = inHand;
    this.showCards.hidden = !seat.may_show;
    this.renderShowOne(state, seat);
    this.rabbit.hidden = !state.rabbitHunt;
    this.straddling = seat.straddling;
    this.straddle.hidden = !seat.may_straddle && !seat.straddling;
    this.straddle.setAttribute("aria-pressed", String(seat.straddling));
    const where = STRADDLE_WHERE.has(state.upcoming.straddles) ? `_${state.upcoming.straddles}` : "";
    this.straddle.textContent = t(`table.seat.${seat.straddling ? "straddling" : "straddle"}${where}`);
    this.state = state;
    this.renderRoom(seat);
    const asked = state.rebuyRequests.get(state.playerId);
    if (asked) {  // the host approves rebuys here: this one waits for them
      this.hint.textContent = t("table.seat.asked_to_add", { amount: asked.amount });
      this.addButton.disabled = true;
    }
  }

  /** A button for each of the player's own cards of the last hand still face down (the
   * server's ``may_show`` says whether any may be shown; the cards are the player's own). */
  renderShowOne(state, seat) {
    const hand = state.lastHand;
    const index = seat.may_show && hand ? hand.seats.indexOf(seat.seat) : -1;
    const hidden = index < 0 ? [] : hand.cards[index].filter((dealt) => dealt.card && !dealt.up);
    const cards = hidden.length > 1 ? hidden.map((dealt) => dealt.card) : [];
    const key = cards.join(" ");
    if (this.showOne.dataset.cards === key) return;
    this.showOne.dataset.cards = key;
    this.showOne.replaceChildren(...cards.map((card) => h("button", { type: "button",
      class: "show-card", "aria-label": t("table.seat.show_card_only", { card: cardName(card) }),
      onclick: () => this.run({ type: "show_cards", cards: [card] }) },
    t("table.seat.show_card", { card: cardText(card) }))));
  }

  /** The seat's room for chips, as the server keeps it with the seat (``rebuy``). */
  renderRoom(seat) {
    if (!seat.rebuy) {  // not told: no hint rather than a wrong one (the server still says why)
      this.hint.textContent = "";
      this.addButton.disabled = false;
      return;
    }
    const room = chipsRoom(this.state.upcoming, seat.rebuy);
    this.hint.textContent = roomWords(room, { host: this.state.isHost });
    this.addButton.disabled = room.amount === 0;
    this.addAmount.max = room.amount;
    this.addAmount.disabled = room.amount === 0;
  }

  toggleSitOut() {
    this.run({ type: this.sittingOut ? "sit_in" : "sit_out" });
  }

  addChips() {
    const amount = Number(this.addAmount.value);
    if (!Number.isInteger(amount) || amount <= 0) {
      this.error.textContent = t("table.seat.write_how_many");
      return;
    }
    // Added (or asked for, where the host approves rebuys): the box is empty again, not
    // holding the last amount for a second click to add twice.
    this.run({ type: "add_chips", amount }).then((done) => { if (done) this.addAmount.value = ""; });
  }

  /** Send ``intent``; resolves true when the server carried it out (its refusal shown). */
  async run(intent) {
    try {
      await this.send(intent);
      this.error.textContent = "";
      return true;
    } catch (error) {
      this.error.textContent = sentence(error.message);
      return false;
    }
  }
}

/** A modal dialog asking the buy-in for ``seat``; resolves when seated or closed. */
export async function buyInDialog(code, state, seat, send) {
  const { minimum_buy_in: minimum, maximum_buy_in: maximum } = state.upcoming;
  // A player back for another seat may already owe: the ledger says how much they may take.
  const told = await roomOf(code, state.playerId).catch(() => null);
  const room = chipsRoom(state.upcoming, told ?? { amount: maximum, limit: "stack", owed: 0 });
  // The debt cap limits what a player may owe: offer the most they can take.
  const offered = Math.max(minimum, Math.min(maximum, room.amount));
  const input = h("input", { id: "buy-in", type: "number", min: minimum, max: maximum,
    value: offered, inputmode: "numeric", required: true, "aria-describedby": "buy-in-room" });
  const short = room.amount < minimum;
  const error = h("p", { class: "error", role: "alert", id: "buy-in-error" },
    short ? `${roomWords(room, { verb: "take", host: state.isHost })} `
      + t("table.seat.smallest_buy_in", { amount: minimum }) : "");
  // The server says why a buy-in is refused, in words: no silent browser tooltip.
  const form = h("form", { method: "dialog", novalidate: true },
    h("h2", {}, t("table.sit_in_seat", { number: seat + 1 })),
    h("label", { for: "buy-in" }, t("table.seat.buy_in_range", { minimum, maximum })),
    input,
    h("p", { class: "note", id: "buy-in-room" }, room.debtCapped && !short
      ? `${roomWords(room, { verb: "take" })} ${t("table.seat.rebuys_count_too")}` : ""),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", id: "buy-in-submit", disabled: short },
        t("table.seat.sit_down")),
      cancelButton()),
    error);
  modalForm({ class: "buy-in", "aria-label": t("table.seat.buy_in_label") }, form, error,
    () => send({ type: "sit", seat, buy_in: Number(input.value) }), input);
}

/** For a spectator: a name to join the table with (the token is kept for reloads).
 * ``invite``: the secret of the invite link the page was opened with, if any. */
export function joinForm(code, invite = null) {
  const name = h("input", { id: "join-name", type: "text", maxlength: 32, required: true,
    autocomplete: "nickname" });
  const choice = memberChoice(name, { vouched: invite !== null });
  const question = h("div", { class: "question" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "join-here", "aria-label": t("table.seat.join_this_table") },
    h("label", { for: "join-name" }, t("table.seat.your_name")), name,
    h("button", { type: "submit", class: "primary" }, t("table.seat.join_this_table")), choice.element,
    question, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const typed = name.value.trim();
      const joined = await asNewcomer(question,
        (who) => api.joinTable(code, typed, invite, who), choice);
      keepJoined(code, joined, typed);
      location.reload();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    }
  });
  return form;
}
