// The winner announcement over the felt when a hand ends: who wins how much with what,
// for a few seconds (or until the next deal, or the × button). It never takes focus or
// clicks meant for the table. A screen reader hears the result once, from the table's
// live region (spoken.js): this status says nothing by itself (aria-live off).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { winnerLines } from "./narrate.js";

const SHOWN_MS = 5000;
// As long as .winner-announcement's fade in app.css.
const FADE_MS = 300;

export class WinnerAnnouncement {
  constructor() {
    // The holder stays in the page; the announcement comes and goes inside it.
    this.element = h("div", { class: "winner-holder", role: "status", "aria-live": "off",
      "aria-atomic": "true" });
    this.announced = null;
    this.timers = [];
  }

  /** ``live``: false for a snapshot (a reload), whose result is old news. */
  render(state, { live }) {
    const hand = state.hand ?? state.lastHand;
    // The next deal takes the last result away at once, in the drawing that brings back the
    // action bar. On a phone the announcement sits in the flow above the bar: faded out
    // first, it left 300 ms into the hand and the bar jumped up under a finger already on
    // its way (a tap meant for Call landed on All-in, or on nothing).
    if (state.hand && this.announced !== null && state.hand.number !== this.announced) this.clear();
    if (!hand?.awards.length || this.announced === hand.number) return;
    this.announced = hand.number;
    if (!live) return;
    const name = (index) => state.nameOfHandSeat(index, hand);
    this.show(winnerLines(hand.awards, name));
  }

  show(lines) {
    this.clearTimers();
    const box = h("div", { class: "winner-announcement", id: "winner" },
      lines.map((line) => h("div", { class: "line" }, line)),
      h("button", { type: "button", class: "close", "aria-label": t("table.dismiss_result"),
        onclick: () => this.dismiss() }, "\u00d7"));
    this.element.replaceChildren(box);
    this.timers.push(setTimeout(() => this.dismiss(), SHOWN_MS));
  }

  dismiss() {
    const box = this.element.firstChild;
    if (!box || box.classList.contains("leaving")) return;
    this.clearTimers();
    box.classList.add("leaving");
    this.timers.push(setTimeout(() => box.remove(), FADE_MS));
  }

  /** Gone at once, without the fade: nothing on the page moves a moment later. */
  clear() {
    this.clearTimers();
    this.element.replaceChildren();
  }

  clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
