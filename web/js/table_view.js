// The felt: seats around an oval (yours at the bottom), the board, the pots, the
// showdown with the winning five cards raised, and whose turn with the clock.

import { bestFive } from "./best_five.js";
import { botBadge, botWords } from "./bot_badge.js";
import { cardElement, rankOf } from "./cards.js";
import { chips, h, replaceKeepingFocus } from "./dom.js";
import { actionWords, awardWords } from "./narrate.js";
import { STUD_GAMES } from "./state.js";

const BOARD_SLOTS = 5;

function showdownGame(variant) {
  if (variant === "ftq") return "wild";
  if (variant === "razz") return "low";
  if (variant === "nlo" || variant === "plo") return "omaha";
  return "high";
}

/** Where seat ``number`` sits, in percent of the felt: clockwise, ``bottom`` at the bottom. */
export function seatPosition(number, seats, bottom) {
  const angle = (2 * Math.PI * (number - bottom)) / seats;
  return { x: 50 - 43 * Math.sin(angle), y: 50 + 41 * Math.cos(angle) };
}

/** The cards of each winner that make the winning hand, as a Set of card texts. */
function winningCards(hand) {
  const winners = new Set(hand.awards.flatMap((award) => award.winners.map(([seat]) => seat)));
  const game = showdownGame(hand.variant);
  const used = new Set();
  for (const index of winners) {
    if (!hand.shown.has(index)) continue;
    const hole = hand.cards[index].map((entry) => entry.card).filter(Boolean);
    const best = bestFive(hole, hand.board, { game, wildRanks: hand.wildRanks });
    for (const card of best.cards) used.add(card);
  }
  return used;
}

export function potTotal(status) {
  if (!status) return 0;
  return status.pots.reduce((a, b) => a + b, 0) + status.bets.reduce((a, b) => a + b, 0);
}

export class TableView {
  constructor(root, { onSit }) {
    this.root = root;
    this.onSit = onSit;
    this.animatedHand = null;
  }

  render(state, { canSit }) {
    const hand = state.hand ?? state.lastHand;
    const seatCount = state.settings.seats ?? 9;
    const mine = state.mySeat;
    const bottom = mine ?? 0;
    const winning = hand && hand.awards.length ? winningCards(hand) : new Set();
    const seats = [];
    for (let number = 0; number < seatCount; number += 1) {
      const position = seatPosition(number, seatCount, bottom);
      const style = `left:${position.x}%;top:${position.y}%`;
      const seat = state.seats.get(number);
      seats.push(seat
        ? this.seatElement(state, hand, seat, style, winning)
        : this.emptySeat(number, style, canSit));
    }
    replaceKeepingFocus(this.root, ...seats, this.center(state, hand, winning));
    this.flyChips(state, hand, seatCount, bottom);
    this.tick(state);
  }

  emptySeat(number, style, canSit) {
    if (!canSit) {
      return h("div", { class: "seat empty", style, "aria-label": `seat ${number + 1}, empty` },
        h("span", {}, `Seat ${number + 1}`));
    }
    return h("div", { class: "seat empty", style },
      h("button", { class: "sit", dataset: { key: `sit-${number}`, seat: number },
        "aria-label": `Sit in seat ${number + 1}`, onclick: () => this.onSit(number) }, "Sit here"));
  }

  seatElement(state, hand, seat, style, winning) {
    const index = hand ? state.handIndex(seat.seat, hand) : -1;
    const inHand = index >= 0;
    const status = state.hand ? state.hand.status : null;
    const stack = inHand && status ? status.stacks[index] : seat.stack;
    const bet = inHand && status ? status.bets[index] : 0;
    const folded = inHand && hand.folded[index];
    const allIn = inHand && status && stack === 0 && !folded;
    const turn = status && status.to_act === seat.seat;
    const won = inHand && hand.awards.some((award) => award.winners.some(([s]) => s === index));
    const tags = [];
    if (hand && hand.button === seat.seat && !STUD_GAMES.has(hand.variant)) {
      tags.push(h("span", { class: "dealer", title: "dealer button", "aria-label": "dealer button" }, "D"));
    }
    if (seat.bot) tags.push(botBadge(seat.bot));
    if (folded) tags.push(h("span", { class: "tag" }, "Folded"));
    if (allIn) tags.push(h("span", { class: "tag allin" }, "All-in"));
    if (seat.sitting_out) tags.push(h("span", { class: "tag" }, "Sitting out"));
    else if (!inHand && seat.waiting) tags.push(h("span", { class: "tag" }, "Waiting"));
    const last = inHand && !hand.ended ? hand.lastActions[index] : null;
    if (last) tags.push(h("span", { class: "tag action" }, actionWords(last)));
    const classes = ["seat", turn && "turn", folded && "folded", allIn && "allin",
      seat.sitting_out && "out", seat.seat === state.mySeat && "me", won && "winner"];
    const label = `${seat.name}, ${seat.bot ? `${botWords(seat.bot)}, ` : ""}seat ${seat.seat + 1}, `
      + `${chips(stack)} chips`
      + (turn ? ", to act" : "") + (folded ? ", folded" : "") + (allIn ? ", all-in" : "");
    return h("div", { class: classes.filter(Boolean).join(" "), style, role: "group",
      "aria-label": label, dataset: { seat: seat.seat } },
      inHand ? this.holeCards(state, hand, index, winning) : null,
      h("div", { class: "plate" },
        h("span", { class: "name" }, seat.name),
        h("span", { class: "stack" }, chips(stack))),
      tags.length ? h("div", { class: "tags" }, tags) : null,
      bet > 0 ? h("div", { class: "bet", "aria-label": `bet ${bet}` }, chips(bet)) : null,
      won ? h("div", { class: "won" }, hand.shown.get(index) || "wins") : null,
      turn ? h("div", { class: "clock", "aria-hidden": "true" },
        h("div", { class: "bar" }), h("span", { class: "seconds" })) : null);
  }

  holeCards(state, hand, index, winning) {
    const stud = STUD_GAMES.has(hand.variant);
    const wild = new Set(hand.variant === "ftq" ? hand.wildRanks : []);
    const shown = hand.shown.has(index);
    const decided = hand.awards.length > 0;
    const cards = hand.cards[index].map(({ card, up }) => cardElement(card, {
      down: stud && !up && card !== null && !shown,
      wild: card !== null && wild.has(rankOf(card)),
      winning: decided && card !== null && shown && winning.has(card),
      dim: decided && shown && card !== null && !winning.has(card),
    }));
    const classes = ["cards", stud && "stud", hand.folded[index] && "mucked"];
    return h("div", { class: classes.filter(Boolean).join(" ") }, cards);
  }

  center(state, hand, winning) {
    const status = state.hand?.status ?? null;
    const board = hand ? hand.board : [];
    const boardGame = hand && !STUD_GAMES.has(hand.variant);
    const slots = board.map((card) => cardElement(card, {
      winning: winning.has(card), dim: winning.size > 0 && !winning.has(card) }));
    if (boardGame) {
      while (slots.length < BOARD_SLOTS) slots.push(h("span", { class: "card slot", "aria-hidden": "true" }));
    }
    const pots = status?.pots ?? [];
    return h("div", { class: "center" },
      h("div", { class: "board", "aria-label": "board" }, slots),
      status ? h("div", { class: "pot", id: "pot" }, `Pot ${chips(potTotal(status))}`,
        pots.length > 1 ? h("span", { class: "side-pots" },
          pots.map((amount, i) => ` · ${i === 0 ? "main" : `side ${i}`} ${chips(amount)}`)) : null)
        : null,
      h("div", { class: "turn-line", id: "turn-line", "aria-live": "polite" }, this.turnWords(state)));
  }

  /** The showdown in words (who wins what, with which hand), shown under the felt. */
  results(state) {
    const hand = state.hand ?? state.lastHand;
    if (!hand || !hand.awards.length) return null;
    const name = (index) => state.nameOfHandSeat(index, hand);
    return h("div", { class: "showdown", role: "status" },
      hand.awards.map((award) => h("div", { class: "award" }, awardWords(award, name))));
  }

  turnWords(state) {
    const status = state.hand?.status;
    if (status && status.to_act !== null && status.to_act !== undefined) {
      const seat = state.seats.get(status.to_act);
      return status.to_act === state.mySeat ? "Your turn" : `${seat?.name ?? "?"} to act`;
    }
    if (state.hand) return "";
    if (!state.running) {
      return state.seats.size < 2 ? "Waiting for players" : "Waiting for the host to deal";
    }
    return "Next hand soon\u2026";
  }

  /** The action clock of the seat to act: called often, touches two elements. */
  tick(state) {
    const status = state.hand?.status;
    const clock = this.root.querySelector(".seat.turn .clock");
    if (!clock || !status?.deadline) return;
    const total = state.settings.action_seconds ?? 30;
    const left = Math.max(0, status.deadline - state.serverNow());
    clock.querySelector(".bar").style.width = `${Math.min(100, (100 * left) / total)}%`;
    clock.querySelector(".seconds").textContent = `${Math.ceil(left)}s`;
    clock.classList.toggle("urgent", left < 8);
  }

  /** Chips slide from the pot to each winner once per hand. */
  flyChips(state, hand, seatCount, bottom) {
    if (!hand || !hand.awards.length || this.animatedHand === hand.number) return;
    this.animatedHand = hand.number;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const award of hand.awards) {
      for (const [index] of award.winners) {
        const to = seatPosition(hand.seats[index], seatCount, bottom);
        const chip = h("div", { class: "chip-fly", "aria-hidden": "true" });
        this.root.append(chip);
        const animation = chip.animate(
          [{ left: "50%", top: "42%" }, { left: `${to.x}%`, top: `${to.y}%` }],
          { duration: 700, easing: "ease-in-out", fill: "forwards" });
        animation.onfinish = () => chip.remove();
      }
    }
  }
}
