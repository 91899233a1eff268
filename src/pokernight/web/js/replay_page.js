// A finished hand replayed ("#1234/hand/7", or "#1234/hand/7/12" at its 13th step; any
// night's hand of the club: "#club/table/42/hand/7"): the same felt as live play, stepped
// action by action or street by street.
//
// The server cuts the hand into steps and says everything about each (the events, the
// chips, the cards this viewer may see: GET .../hands/{n}/replay). Each step is drawn the
// way a reload draws a table: a snapshot of the hand, its events up to the step and the
// step's status, folded by TableState and drawn by TableView, so nothing is worked out here.
//
// The coach (issue 37): at each of the viewer's own decisions, and at the step that shows
// it, a panel with the server's numbers: the pot odds, the equity against the hands shown
// at the end (or the range assumed for a hand not shown, said so), and what a fold, a call
// and the bet made were worth in chips by that estimate.

import * as api from "./api.js";
import { cardElement } from "./cards.js";
import { chips, h, sentence } from "./dom.js";
import { gameName, isStud } from "./games.js";
import { describeEvent, streetName } from "./narrate.js";
import { HandLog, verifyPanel } from "./panels.js";
import { clubReplayHash, replayHash } from "./replay_link.js";
import { savedSeat } from "./session.js";
import { TableState, boardsOf } from "./state.js";
import { TableView } from "./table_view.js";

const SPINNER_AFTER_MS = 150;
const STREET_WORDS = { showdown: "Showdown", end: "Result" };

/** Where a hand comes from: a table by its code (the seat token of this browser there
 * shows its own cards), or any table of the club by its id (the member's device does). */
export function tableSource(code) {
  const token = savedSeat(code)?.token ?? null;
  return {
    title: `Table ${code}`,
    back: { href: `#${code}`, words: "Back to the table" },
    load: (number) => api.handReplay(code, number, token),
    hash: (number, step = null) => replayHash(code, number, step),
  };
}

export function clubSource(tableId) {
  return {
    title: null, // the table's code, once the hand has come
    back: { href: "#club", words: "Back to the club" },
    load: (number) => api.clubReplay(tableId, number),
    hash: (number, step = null) => clubReplayHash(tableId, number, step),
  };
}

export class ReplayPage {
  constructor(root, source, number, banner, step = null) {
    this.source = source;
    this.number = number;
    this.banner = banner;
    this.replay = null;
    this.step = step ?? 0;
    this.view = new TableView(h("div", { class: "felt", id: "felt" }), { onSit: () => {}, replay: true });
    this.handLog = new HandLog();
    this.title = h("div", { class: "table-title" },
      h("h1", {}, `${source.title ?? "The club"} \u00b7 hand #${number}`));
    this.results = h("div", { class: "results" });
    this.caption = h("p", { class: "replay-step", id: "replay-step", "aria-live": "polite" });
    this.streets = h("div", { class: "replay-streets", role: "group", "aria-label": "streets" });
    this.controls = this.controlBar();
    this.loading = h("div", { class: "replay-loading", role: "status" },
      h("div", { class: "spinner inline", role: "progressbar", "aria-label": "loading the hand" }),
      h("span", {}, `Loading hand #${number}\u2026`));
    this.error = h("p", { class: "error", role: "alert", id: "replay-error" });
    this.share = h("p", { class: "links" });
    this.coach = h("section", { class: "coach", id: "coach", "aria-label": "coach" });
    // Shown once the hand has come: the felt, its steps and the hand in words.
    this.hand = [h("div", { class: "felt-wrap" }, this.view.root), this.results, this.caption,
      this.controls, this.streets, this.coach, this.share];
    this.side = h("aside", { class: "side" }, this.handLog.element);
    for (const part of [...this.hand, this.side]) part.hidden = true;
    root.replaceChildren(h("div", { class: "table-page replay" },
      h("div", { class: "play" }, this.title, this.loading, this.error, ...this.hand), this.side));
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
    this.load();
  }

  close() {
    document.removeEventListener("keydown", this.keys);
    document.body.classList.remove("busy");
  }

  async load() {
    const spinner = setTimeout(() => document.body.classList.add("busy"), SPINNER_AFTER_MS);
    try {
      this.replay = await this.source.load(this.number);
      this.step = Math.min(Math.max(0, this.step), this.replay.steps.length - 1);
      this.loading.remove();
      if (this.replay.fairness) this.side.append(verifyPanel(this.replay.fairness));
      for (const part of [...this.hand, this.side]) part.hidden = false;
      this.render(false);
    } catch (failure) {
      this.loading.remove();
      const back = this.source.back;
      this.error.replaceChildren(sentence(failure.message), " ",
        h("a", { href: back.href, class: "back" }, back.words));
    } finally {
      clearTimeout(spinner);
      document.body.classList.remove("busy");
    }
  }

  controlBar() {
    // Named by its words where it has some (what a voice-control user says), else by its label.
    const button = (id, words, label, go) => h("button", { type: "button", id,
      "aria-label": /\p{L}/u.test(words) ? null : label, title: label, onclick: () => go() }, words);
    return h("div", { class: "replay-controls", role: "group", "aria-label": "replay controls" },
      button("replay-start", "\u21e4", "Start of the hand", () => this.go(0)),
      button("replay-prev-street", "\u00ab", "Previous street (\u2191)", () => this.go(this.streetStart(-1))),
      button("replay-prev", "\u2039 Back", "Previous action (\u2190)", () => this.go(this.step - 1)),
      button("replay-next", "Next \u203a", "Next action (\u2192)", () => this.go(this.step + 1, true)),
      button("replay-next-street", "\u00bb", "Next street (\u2193)", () => this.go(this.streetStart(1), true)),
      button("replay-end", "\u21e5", "End of the hand", () => this.go(Infinity, true)));
  }

  onKey(event) {
    if (!this.replay || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea")) return;
    const moves = {
      ArrowLeft: () => this.go(this.step - 1),
      ArrowRight: () => this.go(this.step + 1, true),
      ArrowUp: () => this.go(this.streetStart(-1)),
      ArrowDown: () => this.go(this.streetStart(1), true),
      Home: () => this.go(0),
      End: () => this.go(Infinity, true),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  /** The first step of the street ``direction`` away (-1: back to this street's start, or
   * the one before when already there). */
  streetStart(direction) {
    const starts = this.replay.streets.map((street) => street.first_step);
    if (direction > 0) return starts.find((first) => first > this.step) ?? this.step;
    return starts.filter((first) => first < this.step).at(-1) ?? 0;
  }

  go(step, forward = false) {
    if (!this.replay) return;
    const last = this.replay.steps.length - 1;
    const next = Math.min(Math.max(0, step), last);
    if (next === this.step) return;
    this.step = next;
    this.render(forward);
  }

  /** The table as a reload would show it at the step: TableState folds, TableView draws. */
  stateAt(step) {
    const replay = this.replay;
    const state = new TableState(replay.viewer.player_id);
    const shown = replay.steps[step];
    state.reset({
      type: "snapshot",
      room: { running: false, chat: [] },
      table: {
        settings: { seats: replay.table.seat_count },
        upcoming_settings: {},
        host: null,
        hand_number: replay.hand_number,
        seats: replay.table.seated,
        seat_requests: [],
        rebuy_requests: [],
      },
      hand: {
        hand_number: replay.hand_number,
        variant: replay.variant,
        betting: replay.betting,
        stakes: replay.stakes,
        seats: replay.seats,
        button: replay.button,
        events: replay.steps.slice(0, step + 1).flatMap((item) => item.events),
        folded: shown.status.folded,
        status: shown.status,
      },
    });
    state.hand.names = replay.names;
    return state;
  }

  render(forward) {
    const replay = this.replay;
    const step = replay.steps[this.step];
    const state = this.stateAt(this.step);
    const stakes = replay.stakes;
    const stakesWords = isStud(replay.variant) ? `ante ${stakes.ante}, bring-in ${stakes.bring_in}`
      : `${stakes.small_blind}/${stakes.big_blind}`;
    const where = this.source.title ?? `Table ${replay.code}`;
    this.title.replaceChildren(h("h1", {}, `${where} \u00b7 hand #${replay.hand_number}`),
      h("span", { class: "game" }, `${gameName(replay.variant)} \u00b7 ${stakesWords}`),
      h("a", { href: this.source.back.href, class: "back" }, this.source.back.words));
    this.view.render(state, { canSit: false, animate: forward });
    this.results.replaceChildren(...[this.view.results(state)].filter(Boolean));
    this.handLog.render(state);
    const name = (index) => state.nameOfHandSeat(index, state.hand);
    const twoBoards = Boolean(state.hand) && boardsOf(state.hand).length > 1;
    const words = step.events
      .map((item) => describeEvent(item, name, twoBoards, isStud(replay.variant))).filter(Boolean)
      .filter((line) => !line.startsWith("\u2014"));
    const street = STREET_WORDS[step.street_name] ?? streetName(step.street_name);
    this.caption.replaceChildren(
      h("span", { class: "replay-count" }, `Step ${this.step + 1} of ${replay.steps.length}`),
      h("span", { class: "replay-street" }, street),
      h("span", { class: "replay-what" }, words.length ? words.join(" \u00b7 ") : "Cards dealt"));
    this.renderStreets();
    this.renderCoach();
    const last = replay.steps.length - 1;
    for (const id of ["replay-start", "replay-prev-street", "replay-prev"]) {
      this.controls.querySelector(`#${id}`).disabled = this.step === 0;
    }
    for (const id of ["replay-next", "replay-next-street", "replay-end"]) {
      this.controls.querySelector(`#${id}`).disabled = this.step === last;
    }
    const link = this.source.hash(replay.hand_number);
    this.share.replaceChildren("Share this hand: ",
      h("a", { href: link, class: "share-link" }, `${location.origin}/${link}`),
      replay.viewer.hand_seat === null ? ""
        : " \u00b7 others see your cards only if you showed them.");
    // The step in the address: a reload (or the link copied now) opens the same step.
    history.replaceState(null, "", this.source.hash(replay.hand_number, this.step));
    document.title = `pokernight \u00b7 ${where} \u00b7 hand #${replay.hand_number}`;
    document.body.dataset.replayStep = String(this.step);
  }

  renderStreets() {
    const current = this.replay.steps[this.step].street;
    this.streets.replaceChildren(...this.replay.streets.map((street) => h("button", {
      type: "button", class: street.index === current ? "street current" : "street",
      "aria-pressed": String(street.index === current), dataset: { street: street.index },
      onclick: () => this.go(street.first_step, street.first_step > this.step),
    }, STREET_WORDS[street.name] ?? streetName(street.name))));
  }

  /** The coach's panel: this step's decision priced, else a way to each decision. */
  renderCoach() {
    const advice = this.replay.coach ?? [];
    this.coach.hidden = advice.length === 0;
    if (!advice.length) return;
    const here = advice.find((item) => item.step === this.step || item.step + 1 === this.step);
    const title = h("h2", {}, "Coach");
    const jumps = h("p", { class: "coach-jumps" }, "Your decisions: ", ...advice.map((item, n) =>
      h("button", { type: "button", class: item === here ? "coach-jump current" : "coach-jump",
        onclick: () => this.go(item.step, item.step > this.step) }, `${n + 1}`)));
    if (!here) {
      this.coach.replaceChildren(title, jumps);
      return;
    }
    const percent = (share) => `${(share * 100).toFixed(1)}%`;
    const signed = (amount) => {
      const rounded = Math.round(amount * 10) / 10;
      return rounded === 0 ? "0" : `${rounded > 0 ? "+" : "\u2212"}${Math.abs(rounded).toFixed(1)}`;
    };
    const meter = h("div", { class: "coach-meter", role: "img",
      "aria-label": `equity ${percent(here.equity)}, a call needs ${percent(here.pot_odds)}` },
      h("span", { class: "equity", style: `width: ${(here.equity * 100).toFixed(1)}%` }),
      here.to_call ? h("span", { class: "needed", style: `left: ${(here.pot_odds * 100).toFixed(1)}%` }) : "");
    const against = here.against.map((opponent) => h("li", { class: opponent.cards ? "shown" : "assumed" },
      `${opponent.name}: `,
      ...(opponent.cards ? [...opponent.cards.map((card) => cardElement(card)), " shown at the end"]
        : [h("span", { class: "coach-assumption" }, `not shown: assumed ${opponent.range}`)])));
    const worth = here.worth.map((choice) => h("li", { class: choice.made ? "made" : "" },
      h("span", { class: "choice" }, choice.choice.charAt(0).toUpperCase() + choice.choice.slice(1)),
      h("span", { class: `chips ${choice.chips >= 0.05 ? "plus" : choice.chips <= -0.05 ? "minus" : ""}` },
        signed(choice.chips)),
      choice.made ? h("span", { class: "you" }, "your choice") : ""));
    this.coach.replaceChildren(title,
      h("p", { class: "coach-did" }, here.lines[0]),
      h("dl", {},
        h("dt", {}, "Pot odds"),
        h("dd", { id: "coach-pot-odds" }, here.to_call
          ? `${chips(here.to_call)} to call to win ${chips(here.could_win)}: a call needs ${percent(here.pot_odds)}`
          : `nothing to call; the pot is ${chips(here.pot)}`),
        h("dt", {}, "Your equity"),
        h("dd", { id: "coach-equity" }, here.equity_words, meter),
        h("dt", {}, "Against"),
        h("dd", {}, h("ul", { class: "coach-against" }, ...against)),
        h("dt", {}, "Worth in chips"),
        h("dd", {}, h("ul", { class: "coach-worth", id: "coach-worth" }, ...worth))),
      here.assumed ? h("p", { class: "coach-assumption", id: "coach-assumption" },
        "Assumption: a hand not shown is the range the bots\u2019 opponent model gives a typical player who acted as this one did.")
        : "",
      h("p", { class: "coach-note" },
        "By the all-in estimate: no more betting, chips from here on (folding is 0; a bet if called)."),
      jumps);
  }
}
