// Fold, check/call, bet/raise (slider, the server's preset amounts), the largest bet;
// keys F, C, R, A; pre-action boxes; the server's refusal shown right here. Every amount
// and what it means (all-in or a limit, a bet or a raise) is the server's: none is worked
// out here.

import { cardElement } from "./cards.js";
import { h, sentence } from "./dom.js";
import { t } from "./i18n.js";

const PRESET_WORDS = { min: t("table.bar.preset_min"), half: t("table.bar.preset_half"),
  three_quarters: t("table.bar.preset_three_quarters"), pot: t("table.bar.preset_pot") };

// A key is a key on every keyboard: its letter is not a word of the page's language.
function button(id, key, text) {
  return h("button", { id, type: "button", "aria-keyshortcuts": key, disabled: true },
    h("span", { class: "label" }, text), h("kbd", { "aria-hidden": "true", translate: "no" }, key));
}

// The server names a bet or raise (``legal.raise_says``): the button's words say it.
const RAISE_SAYS = new Set(["bet", "raise", "complete"]);

/** "bet", "raise" or "complete": what the server says the bet or raise is. */
function raiseSays(legal) {
  return RAISE_SAYS.has(legal.raise_says) ? legal.raise_says : "raise";
}

/** The words of the largest-amount button: all-in, or the limit ("Raise to 40 (max)"). */
export function maxWords(legal) {
  if (legal.max_is_all_in) return t("table.bar.all_in_amount", { amount: legal.max_raise_to });
  return t(`table.bar.${raiseSays(legal)}_max`, { amount: legal.max_raise_to });
}

/** Only one amount may be bet (fixed-limit, or a stack that reaches no further than the
 * least raise): the bet button alone offers it, no largest-amount button beside it. */
export function oneAmount(legal) {
  return Boolean(legal?.can_bet_or_raise) && legal.min_raise_to === legal.max_raise_to;
}

/** The bet button's words for ``amount``: "Bet 20", "Complete to 20 (all-in)" when the one
 * amount allowed is every chip. */
export function raiseWords(legal, amount) {
  const allIn = oneAmount(legal) && legal.max_is_all_in;
  return t(`table.bar.${raiseSays(legal)}${allIn ? "_all_in" : ""}`, { amount });
}

// A phone's finger or a desktop's mouse: the draw's prompt says which (issue 31).
const COARSE_POINTER = window.matchMedia("(pointer: coarse)");

export class ActionBar {
  constructor(send) {
    this.send = send;
    this.legal = null;
    this.wasMyTurn = false;
    this.fold = button("act-fold", "F", t("table.bar.fold"));
    this.call = button("act-call", "C", t("table.bar.check"));
    this.raise = button("act-raise", "R", t("table.bar.raise_button"));
    this.allIn = button("act-allin", "A", t("table.bar.all_in"));
    this.slider = h("input", { id: "raise-slider", type: "range",
      "aria-label": t("table.bar.slider_label") });
    this.amount = h("input", { id: "raise-amount", type: "number", inputmode: "numeric",
      "aria-label": t("table.bar.amount_label") });
    this.presets = [...Object.keys(PRESET_WORDS), "max"].map((preset) => h("button", {
      type: "button", class: "preset", dataset: { preset }, onclick: () => this.usePreset(preset),
    }, PRESET_WORDS[preset] ?? t("table.bar.preset_max")));
    this.checkFold = h("input", { id: "pre-check-fold", type: "checkbox" });
    this.callAny = h("input", { id: "pre-call-any", type: "checkbox" });
    this.error = h("p", { id: "action-error", class: "error", role: "alert" });
    this.sizing = h("div", { class: "sizing" }, h("div", { class: "presets" }, this.presets),
      h("div", { class: "slider-row" }, this.slider, this.amount));
    this.preActions = h("div", { class: "pre-actions", hidden: true },
      h("label", {}, this.checkFold, " ", t("table.bar.check_fold")),
      h("label", {}, this.callAny, " ", t("table.bar.call_any")));
    // A draw round: the player's cards, tapped to mark the ones to throw, and one button
    // that says what it will do ("Draw 2", "Stand pat"). The server says how many may go.
    this.marked = new Set();
    this.discardCards = h("div", { class: "discard-cards", role: "group",
      "aria-label": t("table.bar.discards_label") });
    this.drawButton = h("button", { id: "act-draw", type: "button", "aria-keyshortcuts": "D" },
      h("span", { class: "label" }, t("table.bar.stand_pat")),
      h("kbd", { "aria-hidden": "true", translate: "no" }, "D"));
    this.drawButton.addEventListener("click", () => this.draw());
    this.drawNote = h("p", { class: "draw-note" });
    this.drawing = h("div", { class: "draw-round", hidden: true },
      this.drawNote, this.discardCards, this.drawButton);
    // Run it twice: once nobody can bet, the server asks each player in turn (T, O).
    this.twice = button("act-twice", "T", t("table.bar.run_twice"));
    this.once = button("act-once", "O", t("table.bar.run_once"));
    this.twice.addEventListener("click", () => this.act("runs", 2));
    this.once.addEventListener("click", () => this.act("runs", 1));
    this.runs = h("div", { class: "runs-question", hidden: true },
      h("p", { class: "runs-note" }, t("table.bar.runs_question")),
      h("div", { class: "buttons" }, this.twice, this.once));
    this.buttons = h("div", { class: "buttons" }, this.fold, this.call, this.raise, this.allIn);
    this.element = h("section", { class: "action-bar", "aria-label": t("table.bar.label") },
      this.buttons, this.drawing, this.runs, this.sizing, this.preActions, this.error);
    this.fold.addEventListener("click", () => this.act("fold"));
    this.call.addEventListener("click", () => this.act(this.passiveKind()));
    this.raise.addEventListener("click", () => this.act("bet_or_raise", this.raiseTo()));
    this.allIn.addEventListener("click", () => this.goAllIn());
    this.slider.addEventListener("input", () => this.setAmount(Number(this.slider.value)));
    this.amount.addEventListener("input", () => this.setAmount(Number(this.amount.value), false));
    this.amount.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.raise.click();
    });
    this.checkFold.addEventListener("change", () => { if (this.checkFold.checked) this.callAny.checked = false; });
    this.callAny.addEventListener("change", () => { if (this.callAny.checked) this.checkFold.checked = false; });
    // Removed by close(): a table screen built again must not leave this one's keys acting
    // through a connection that is closed.
    this.keys = (event) => this.shortcut(event);
    document.addEventListener("keydown", this.keys);
  }

  close() {
    document.removeEventListener("keydown", this.keys);
  }

  /** ``inHand``: the viewer holds live cards in the hand being played. */
  update(state, inHand) {
    const legal = state.legal;
    this.element.hidden = !inHand && !legal;
    const myTurn = legal !== null;
    const turnBegins = myTurn && !this.wasMyTurn;
    this.wasMyTurn = myTurn;
    this.legal = legal;
    const drawing = Boolean(legal?.can_draw);
    const choosingRuns = Boolean(legal?.can_choose_runs);
    this.buttons.hidden = drawing || choosingRuns;
    this.drawing.hidden = !drawing;
    this.runs.hidden = !choosingRuns;
    if (choosingRuns) {
      this.sizing.hidden = true;
      this.preActions.hidden = true;
      this.twice.disabled = this.once.disabled = false;
      if (turnBegins) this.error.textContent = "";
      return turnBegins;
    }
    if (drawing) {
      this.sizing.hidden = true;
      this.preActions.hidden = true;
      if (turnBegins) {
        this.marked.clear();
        this.error.textContent = "";
      }
      this.showDiscards(state);
      return turnBegins;
    }
    for (const control of [this.fold, this.call, this.raise, this.allIn, this.slider,
      this.amount, ...this.presets]) control.disabled = !myTurn;
    this.preActions.hidden = myTurn || !inHand;
    if (!inHand) {
      this.checkFold.checked = false;
      this.callAny.checked = false;
    }
    this.allIn.hidden = oneAmount(legal);
    if (!myTurn) {
      // Not your turn: plain words, not the amounts of a turn that is over; the sizing row
      // only where this hand's own turns offered it (a fixed-limit hand after a no-limit
      // one showed the last hand's Min and Pot, issue 31).
      if (state.hand?.number !== this.sizedHand) this.sizing.hidden = true;
      this.setLabel(this.call, t("table.bar.check_or_call"));
      this.setLabel(this.raise, t("table.bar.bet_or_raise"));
      this.setLabel(this.allIn, t("table.bar.all_in"));
      return false;
    }
    this.fold.disabled = !legal.can_fold;
    this.setLabel(this.call, this.passiveWords());
    this.call.disabled = this.passiveKind() === null;
    this.raise.disabled = !legal.can_bet_or_raise;
    // The largest bet or raise; when none is allowed the Call button is the only way on, and
    // when only one amount is, the bet button is (hidden above: two buttons would say it twice).
    this.allIn.disabled = !legal.can_bet_or_raise || oneAmount(legal);
    this.setLabel(this.allIn, legal.can_bet_or_raise ? maxWords(legal) : t("table.bar.all_in"));
    // Fixed-limit offers its amounts on the two buttons alone (the small or the big bet
    // after an open pair), one amount on the bet button: no slider or box for amounts the
    // server would refuse.
    this.sizing.hidden = !legal.can_bet_or_raise || legal.fixed_amounts || oneAmount(legal);
    if (!this.sizing.hidden) this.sizedHand = state.hand?.number;
    if (legal.can_bet_or_raise) {
      Object.assign(this.slider, { min: legal.min_raise_to, max: legal.max_raise_to, step: 1 });
      Object.assign(this.amount, { min: legal.min_raise_to, max: legal.max_raise_to });
      const offered = new Map(legal.presets.map((preset) => [preset.key, preset.to]));
      for (const preset of this.presets) {
        preset.hidden = !offered.has(preset.dataset.preset) || legal.presets.length < 2;
        if (preset.dataset.preset === "max") {
          preset.textContent = t(legal.max_is_all_in ? "table.bar.all_in" : "table.bar.preset_max");
        }
      }
      // A new turn starts at the least; fixed-limit has no box, so its button always says
      // the least; an amount chosen earlier is kept inside this turn's bounds (not while
      // the player is typing it).
      if (turnBegins || legal.fixed_amounts) this.setAmount(legal.min_raise_to);
      else if (document.activeElement !== this.amount) this.setAmount(this.raiseTo());
      this.setLabel(this.raise, raiseWords(legal, this.raiseTo()));
    }
    if (turnBegins) {
      this.error.textContent = "";
      return this.preAction() ? false : true;
    }
    return false;
  }

  /** The player's cards as buttons: a tap marks a card to throw (or unmarks it). */
  showDiscards(state) {
    const hand = state.hand;
    const index = hand ? state.handIndex(state.mySeat) : -1;
    const mine = index >= 0 ? hand.cards[index].map(({ card }) => card).filter(Boolean) : [];
    for (const card of [...this.marked]) if (!mine.includes(card)) this.marked.delete(card);
    this.discardCards.replaceChildren(...mine.map((card) => {
      const marked = this.marked.has(card);
      const choice = h("button", { type: "button", class: `discard${marked ? " marked" : ""}`,
        "aria-pressed": String(marked), dataset: { card },
        onclick: () => this.toggleDiscard(state, card) }, cardElement(card));
      return choice;
    }));
    const count = this.marked.size;
    const most = this.legal?.max_discard ?? 0;
    this.setLabel(this.drawButton, count === 0 ? t("table.bar.stand_pat")
      : t("table.bar.draw_count", { count }));
    this.drawButton.disabled = count > most;
    this.drawNote.textContent = count > most ? t("table.bar.throw_at_most", { count: most })
      : t(COARSE_POINTER.matches ? "table.bar.tap_to_throw" : "table.bar.click_to_throw");
  }

  toggleDiscard(state, card) {
    if (this.marked.has(card)) this.marked.delete(card);
    else this.marked.add(card);
    this.showDiscards(state);
    // The buttons are drawn again: the card just marked keeps the keyboard's focus, so the
    // next Space or Enter goes on from it (it used to drop to the page, issue 31).
    this.discardCards.querySelector(`[data-card="${card}"]`)?.focus();
  }

  draw() {
    if (!this.legal?.can_draw) return;
    this.error.textContent = "";
    const cards = [...this.marked];
    this.send({ type: "act", kind: "draw", cards })
      .then(() => this.marked.clear())
      .catch((error) => { this.error.textContent = sentence(error.message); });
  }

  setLabel(control, text) {
    control.querySelector(".label").textContent = text;
  }

  passiveKind() {
    const legal = this.legal;
    if (!legal) return null;
    if (legal.can_check) return "check";
    if (legal.can_call) return "call";
    if (legal.can_bring_in) return "bring_in";
    return null;
  }

  passiveWords() {
    const legal = this.legal;
    switch (this.passiveKind()) {
      case "call": return t("table.bar.call_amount", { amount: legal.call_amount });
      case "bring_in": return t("table.bar.bring_in_amount", { amount: legal.bring_in_amount });
      default: return t("table.bar.check");
    }
  }

  raiseTo() {
    return Number(this.amount.value);
  }

  setAmount(value, fillInput = true) {
    const legal = this.legal;
    if (!legal || !legal.can_bet_or_raise || !Number.isFinite(value)) return;
    const clamped = Math.min(legal.max_raise_to, Math.max(legal.min_raise_to, Math.round(value)));
    this.slider.value = clamped;
    if (fillInput) this.amount.value = clamped;
    this.setLabel(this.raise, raiseWords(legal, fillInput ? clamped : value));
  }

  usePreset(key) {
    const preset = this.legal?.presets.find((offered) => offered.key === key);
    if (preset) this.setAmount(preset.to);
  }

  goAllIn() {
    if (this.legal?.can_bet_or_raise) this.act("bet_or_raise", this.legal.max_raise_to);
  }

  /** Carry out a ticked pre-action; true when it acted. */
  preAction() {
    const legal = this.legal;
    if (this.checkFold.checked) {
      this.checkFold.checked = false;
      this.act(legal.can_check ? "check" : "fold");
      return true;
    }
    if (this.callAny.checked) {
      this.callAny.checked = false;
      this.act(legal.can_check ? "check" : "call");
      return true;
    }
    return false;
  }

  act(kind, amount) {
    if (!this.legal || kind === null) return;
    if (kind === "bet_or_raise") {
      const { min_raise_to: low, max_raise_to: high } = this.legal;
      if (!Number.isInteger(amount) || amount < low || amount > high) {
        this.error.textContent = t("table.bar.amount_between", { low, high });
        this.amount.focus();
        return;
      }
    }
    this.error.textContent = "";
    const intent = { type: "act", kind };
    if (amount !== undefined) intent.amount = amount;
    this.send(intent).catch((error) => { this.error.textContent = sentence(error.message); });
  }

  shortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !this.legal) return;
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (target instanceof HTMLInputElement && target.type !== "range" && target.type !== "checkbox") return;
    // With one amount, A bets it like R: the bet button is then the largest bet.
    const most = this.allIn.hidden ? this.raise : this.allIn;
    const keys = this.legal.can_draw ? { d: this.drawButton }
      : this.legal.can_choose_runs ? { t: this.twice, o: this.once }
      : { f: this.fold, c: this.call, r: this.raise, a: most };
    const control = keys[event.key.toLowerCase()];
    if (control && !control.disabled) {
      event.preventDefault();
      control.click();
    }
  }
}
