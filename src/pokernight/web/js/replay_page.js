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
import { chips, h, sentence, wordsWith } from "./dom.js";
import { gameName, isStud } from "./games.js";
import { has, language, t } from "./i18n.js";
import { describeEvent, streetName } from "./narrate.js";
import { HandLog, verifyPanel } from "./panels.js";
import { clubReplayHash, replayHash } from "./replay_link.js";
import { savedSeat } from "./session.js";
import { TableState, boardsOf } from "./state.js";
import { TableView } from "./table_view.js";

const SPINNER_AFTER_MS = 150;
const STREET_WORDS = { showdown: t("rooms.replay.showdown"), end: t("rooms.replay.result") };
const PERCENT = new Intl.NumberFormat(language, { style: "percent", minimumFractionDigits: 1,
  maximumFractionDigits: 1 });
const WHOLE_PERCENT = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
const TENTHS = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Where a hand comes from: a table by its code (the seat token of this browser there
 * shows its own cards), or any table of the club by its id (the member's device does). */
export function tableSource(code) {
  const token = savedSeat(code)?.token ?? null;
  return {
    title: t("rooms.replay.table", { code: String(code) }),
    back: { href: `#${code}`, words: t("rooms.replay.back_to_table") },
    load: (number) => api.handReplay(code, number, token),
    hash: (number, step = null) => replayHash(code, number, step),
  };
}

export function clubSource(tableId) {
  return {
    title: null, // the table's code, once the hand has come
    back: { href: "#club", words: t("rooms.replay.back_to_club") },
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
      h("h1", {}, t("rooms.replay.hand_title", { where: source.title ?? t("rooms.replay.the_club"),
        number })));
    this.results = h("div", { class: "results" });
    this.caption = h("p", { class: "replay-step", id: "replay-step", "aria-live": "polite" });
    this.streets = h("div", { class: "replay-streets", role: "group",
      "aria-label": t("rooms.replay.streets") });
    this.controls = this.controlBar();
    this.loading = h("div", { class: "replay-loading", role: "status" },
      h("div", { class: "spinner inline", role: "progressbar",
        "aria-label": t("rooms.replay.loading_label") }),
      h("span", {}, t("rooms.replay.loading", { number })));
    this.error = h("p", { class: "error", role: "alert", id: "replay-error" });
    this.share = h("p", { class: "links" });
    this.coach = h("section", { class: "coach", id: "coach", "aria-label": t("rooms.coach.label") });
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
    return h("div", { class: "replay-controls", role: "group",
      "aria-label": t("rooms.replay.controls") },
      button("replay-start", "\u21e4", t("rooms.replay.start"), () => this.go(0)),
      button("replay-prev-street", "\u00ab", t("rooms.replay.prev_street"),
        () => this.go(this.streetStart(-1))),
      button("replay-prev", t("rooms.replay.back"), t("rooms.replay.prev_action"),
        () => this.go(this.step - 1)),
      button("replay-next", t("rooms.replay.next"), t("rooms.replay.next_action"),
        () => this.go(this.step + 1, true)),
      button("replay-next-street", "\u00bb", t("rooms.replay.next_street"),
        () => this.go(this.streetStart(1), true)),
      button("replay-end", "\u21e5", t("rooms.replay.end"), () => this.go(Infinity, true)));
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
    const stakesWords = isStud(replay.variant)
      ? t("rooms.replay.stud_stakes", { ante: stakes.ante, bring_in: stakes.bring_in })
      : `${stakes.small_blind}/${stakes.big_blind}`;
    const where = this.source.title ?? t("rooms.replay.table", { code: String(replay.code) });
    const title = t("rooms.replay.hand_title", { where, number: replay.hand_number });
    this.title.replaceChildren(h("h1", {}, title),
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
      h("span", { class: "replay-count" },
        t("rooms.replay.step_of", { step: this.step + 1, count: replay.steps.length })),
      h("span", { class: "replay-street" }, street),
      h("span", { class: "replay-what" }, words.length ? words.join(" \u00b7 ")
        : t("rooms.replay.cards_dealt")));
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
    this.share.replaceChildren(...wordsWith("rooms.replay.share", {}, {
      link: h("a", { href: link, class: "share-link", translate: "no" }, `${location.origin}/${link}`) }),
    replay.viewer.hand_seat === null ? "" : ` \u00b7 ${t("rooms.replay.share_note")}`);
    // The step in the address: a reload (or the link copied now) opens the same step.
    history.replaceState(null, "", this.source.hash(replay.hand_number, this.step));
    document.title = `pokernight \u00b7 ${title}`;
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
    const title = h("h2", {}, t("rooms.coach.title"));
    const jumps = h("p", { class: "coach-jumps" }, t("rooms.coach.your_decisions"), " ",
      ...advice.map((item, n) =>
      h("button", { type: "button", class: item === here ? "coach-jump current" : "coach-jump",
        onclick: () => this.go(item.step, item.step > this.step) }, `${n + 1}`)));
    if (!here) {
      this.coach.replaceChildren(title, jumps);
      return;
    }
    const percent = (share) => PERCENT.format(share);
    const signed = (amount) => {
      const rounded = Math.round(amount * 10) / 10;
      return rounded === 0 ? "0" : `${rounded > 0 ? "+" : "\u2212"}${TENTHS.format(Math.abs(rounded))}`;
    };
    const meter = h("div", { class: "coach-meter", role: "img",
      "aria-label": t("rooms.coach.meter", { equity: percent(here.equity),
        needed: percent(here.pot_odds) }) },
      h("span", { class: "equity", style: `width: ${(here.equity * 100).toFixed(1)}%` }),
      here.to_call ? h("span", { class: "needed", style: `left: ${(here.pot_odds * 100).toFixed(1)}%` }) : "");
    const against = here.against.map((opponent) => h("li", { class: opponent.cards ? "shown" : "assumed" },
      h("span", {}, h("span", { translate: "no" }, opponent.name), ": "),
      ...(opponent.cards ? [...opponent.cards.map((card) => cardElement(card)), " ",
        t("rooms.coach.shown_at_end")]
        : [h("span", { class: "coach-assumption" },
          t("rooms.coach.not_shown", { range: rangeWords(opponent) }))])));
    const worth = here.worth.map((choice) => h("li", { class: choice.made ? "made" : "" },
      h("span", { class: "choice" }, choiceWords(choice)),
      h("span", { class: `chips ${choice.chips >= 0.05 ? "plus" : choice.chips <= -0.05 ? "minus" : ""}` },
        signed(choice.chips)),
      choice.made ? h("span", { class: "you" }, t("rooms.coach.your_choice")) : ""));
    this.coach.replaceChildren(title,
      h("p", { class: "coach-did" }, didWords(here)),
      h("dl", {},
        h("dt", {}, t("rooms.coach.pot_odds")),
        h("dd", { id: "coach-pot-odds" }, here.to_call
          ? t("rooms.coach.to_call", { to_call: chips(here.to_call), could_win: chips(here.could_win),
            needed: percent(here.pot_odds) })
          : t("rooms.coach.nothing_to_call", { pot: chips(here.pot) })),
        h("dt", {}, t("rooms.coach.your_equity")),
        h("dd", { id: "coach-equity" }, equityWords(here), meter),
        h("dt", {}, t("rooms.coach.against")),
        h("dd", {}, h("ul", { class: "coach-against" }, ...against)),
        h("dt", {}, t("rooms.coach.worth")),
        h("dd", {}, h("ul", { class: "coach-worth", id: "coach-worth" }, ...worth))),
      here.assumed ? h("p", { class: "coach-assumption", id: "coach-assumption" },
        t("rooms.coach.assumption")) : "",
      h("p", { class: "coach-note" }, t("rooms.coach.note")),
      jumps);
  }
}

/** The decision as the coach tells it: "Ann (As Kd, board 7c 8d 9h) raised to 40." (the
 * cards in the hand-history notation the server writes; its line where the catalogue has
 * no words for the action). */
function didWords(advice) {
  const { says, amount, all_in: allIn } = advice.action ?? {};
  if (!has(`rooms.coach.did.${says}`)) return advice.lines[0];
  const did = t(`rooms.coach.did.${says}`, { amount: chips(amount ?? 0) })
    + (allIn ? ` ${t("rooms.coach.all_in")}` : "");
  const notation = (cards) => h("span", { translate: "no" }, cards.join(" "));
  return wordsWith(advice.board.length ? "rooms.coach.did_board" : "rooms.coach.did", { did }, {
    name: h("span", { translate: "no" }, advice.name),
    held: notation(advice.cards), board: notation(advice.board) });
}

/** The equity and how sure it is: exact, or Monte Carlo with its 95% error. */
function equityWords(advice) {
  const equity = PERCENT.format(advice.equity);
  if (advice.exact && advice.deals === 1) return t("rooms.coach.equity_exact_last", { equity });
  if (advice.exact) return t("rooms.coach.equity_exact", { equity, deals: advice.deals });
  return t("rooms.coach.equity_sampled", { equity, error: PERCENT.format(advice.error),
    deals: advice.deals });
}

/** The range assumed for an opponent not shown (the server's words for one it did not
 * describe as facts). */
function rangeWords(opponent) {
  const assumed = opponent.assumed;
  if (!assumed || !has(`rooms.coach.range.${assumed.kind}`)) return opponent.range;
  const words = t(`rooms.coach.range.${assumed.kind}`, { top: WHOLE_PERCENT.format(assumed.top) });
  return assumed.bet_after_flop ? t("rooms.coach.range_bet_after_flop", { range: words }) : words;
}

/** A choice priced: "Fold", "Call", "Your raise to 40 if called". */
function choiceWords(choice) {
  const key = `rooms.coach.choice.${choice.kind}`;
  if (!has(key)) return choice.choice.charAt(0).toUpperCase() + choice.choice.slice(1);
  return t(key, { amount: chips(choice.bet_to ?? 0) });
}
