// The felt: seats around an oval (yours at the bottom), the board, the pots, the
// showdown with the winning five cards raised, whose turn with the clock, and each
// card sliding in from the dealer when it is dealt (once: the felt is redrawn after
// every version, so a card is known by its hand, seat and place, not by its element).

import { botBadge, botOf, botWords } from "./bot_badge.js";
import { cardElement, cardName, rankOf } from "./cards.js";
import { chips, h, replaceKeepingFocus, sentence } from "./dom.js";
import { t } from "./i18n.js";
import { actionWords, awardWords } from "./narrate.js";
import { gameOf, isStud } from "./games.js";
import { boardsOf } from "./state.js";

// As long as .card.dealing's animation in app.css; cards dealt together follow each other.
const DEAL_MS = 420;
const DEAL_STAGGER_MS = 55;
// Where the board sits (.center in app.css), in percent of the felt.
const BOARD_AT = { x: 50, y: 42 };

/** Where seat ``number`` sits, in percent of the felt: clockwise, ``bottom`` at the bottom. */
export function seatPosition(number, seats, bottom) {
  const angle = (2 * Math.PI * (number - bottom)) / seats;
  return { x: 50 - 43 * Math.sin(angle), y: 50 + 41 * Math.cos(angle) };
}

/** The cards that make each winning hand, as a Set of card texts: the server names them
 * (``CardsShown.best``); a hand won unseen has none. */
function winningCards(hand, run = null) {
  const used = new Set();
  for (const award of hand.awards) {
    if (run !== null && (award.board ?? 0) !== run) continue;
    const best = award.board ? hand.bestSecond : hand.best;
    for (const [index] of award.winners) {
      for (const card of best.get(index) ?? []) used.add(card);
    }
  }
  return used;
}

/** A person with no page open (``connected`` known and without them); bots are never away. */
function isAway(seat, connected) {
  return Boolean(seat && !seat.bot && connected && !connected.has(seat.player_id));
}

/**
 * When the clock acts for the seat to act: a person who is away gets the shorter away
 * clock and not their time bank (the server's ``away_deadline``).
 */
export function clockDeadline(status, seat, connected) {
  return isAway(seat, connected) ? status.away_deadline ?? status.deadline : status.deadline;
}

/** The seconds left on the action clock and then on the time bank, at server time ``now``,
 * each as the server says it ends: for a person away, the away clock alone
 * (``away_deadline``); for anybody else, the action clock (``action_deadline``), then the
 * bank (``deadline``). A server from before ``action_deadline`` ended it at ``away_deadline``. */
export function clockParts(status, seat, connected, now) {
  const actionEnds = isAway(seat, connected) ? status.away_deadline ?? status.deadline
    : status.action_deadline ?? status.away_deadline ?? status.deadline;
  const bankEnds = clockDeadline(status, seat, connected);
  return {
    action: Math.max(0, actionEnds - now),
    bank: Math.max(0, bankEnds - Math.max(now, actionEnds)),
  };
}

/** "Run 2" of a board run twice, "Board 2" of a double board. */
function boardName(hand, run) {
  return t(hand.firstBoard ? "table.run_number" : "table.board_number", { number: run + 1 });
}

/** A winner's hand in words, as the server named it: on each board where there are two
 * (a board run twice named only the first's before, issue 31). */
export function resultWords(hand, index) {
  const first = hand.shown.get(index);
  const second = hand.shownSecond.get(index);
  if (!second) return first || t("table.wins");
  if (second === first) {
    return t(hand.firstBoard ? "table.on_both_runs" : "table.on_both_boards", { hand: first });
  }
  return `${boardName(hand, 0)}: ${first || "\u2014"} \u00b7 ${boardName(hand, 1)}: ${second}`;
}

export class TableView {
  /** ``replay``: a hand played before (the replayer): the seat to act is named, even yours. */
  constructor(root, { onSit, replay = false }) {
    this.root = root;
    this.onSit = onSit;
    this.replay = replay;
    this.animatedHand = null;
    // Deal key ("12-3-0": hand 12, seat 3, first card) -> when its slide starts (ms).
    this.dealStarts = new Map();
    this.dealtHand = null;
  }

  /** ``animate``: false for a snapshot (a reload or a resume), whose cards are not new. */
  render(state, { canSit, animate = true }) {
    const hand = state.hand ?? state.lastHand;
    const seatCount = state.settings.seats ?? 6;
    const mine = state.mySeat;
    const bottom = mine ?? 0;
    this.beginDeal(hand, seatCount, bottom, animate);
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
      return h("div", { class: "seat empty", style,
        "aria-label": t("table.seat_empty_label", { number: number + 1 }) },
      h("span", {}, t("table.seat_number", { number: number + 1 })));
    }
    // The seat's number is heard, not shown: the spoken name begins with the words shown
    // (WCAG 2.5.3, label in name), so a player who says "Sit here" is understood.
    return h("div", { class: "seat empty", style },
      h("button", { class: "sit", dataset: { key: `sit-${number}`, seat: number },
        onclick: () => this.onSit(number) },
      t("table.sit_here"),
      h("span", { class: "visually-hidden" }, `, ${t("table.seat_number", { number: number + 1 })}`)));
  }

  seatElement(state, hand, seat, style, winning) {
    const index = hand ? state.handIndex(seat.seat, hand) : -1;
    const inHand = index >= 0;
    const status = state.hand ? state.hand.status : null;
    const stack = inHand && status ? status.stacks[index] : seat.stack;
    const bet = inHand && status ? status.bets[index] : 0;
    const folded = inHand && hand.folded[index];
    const allIn = Boolean(inHand && status?.all_in?.[index]);
    const turn = status && status.to_act === seat.seat;
    const won = inHand && hand.awards.some((award) => award.winners.some(([s]) => s === index));
    const tags = [];
    if (hand && hand.button === seat.seat && gameOf(hand.variant)?.button) {
      const button = t("table.dealer_button");
      tags.push(h("span", { class: "dealer", title: button, "aria-label": button },
        t("table.dealer_letter")));
    }
    const bot = botOf(seat);
    if (bot) tags.push(botBadge(bot));
    if (folded) tags.push(h("span", { class: "tag" }, t("table.tag_folded")));
    if (allIn) tags.push(h("span", { class: "tag allin" }, t("table.tag_all_in")));
    if (isAway(seat, state.connected)) {
      tags.push(h("span", { class: "tag away", title: t("table.tag_away_title") },
        t("table.tag_away")));
    }
    if (seat.removed) {
      tags.push(h("span", { class: "tag", title: t("table.tag_leaving_title") },
        t("table.tag_leaving")));
    }
    if (seat.sitting_out) tags.push(h("span", { class: "tag" }, t("table.tag_sitting_out")));
    else if (!inHand && seat.waiting) tags.push(h("span", { class: "tag" }, t("table.tag_waiting")));
    // A folded seat says so once (its tag), not again in its last action's words.
    const last = inHand && !hand.ended && !folded ? hand.lastActions[index] : null;
    if (last) tags.push(h("span", { class: "tag action" }, actionWords(last)));
    const classes = ["seat", turn && "turn", folded && "folded", allIn && "allin",
      seat.sitting_out && "out", seat.seat === state.mySeat && "me", won && "winner"];
    // What a screen reader says of the seat: its facts, one after the other.
    const label = [seat.name, bot ? botWords(bot) : null,
      t("table.seat_label", { number: seat.seat + 1, chips: chips(stack), count: stack }),
      turn ? t("table.label_to_act") : null, folded ? t("table.label_folded") : null,
      allIn ? t("table.label_all_in") : null].filter(Boolean).join(", ");
    return h("div", { class: classes.filter(Boolean).join(" "), style, role: "group",
      "aria-label": label, dataset: { seat: seat.seat } },
      inHand ? this.holeCards(state, hand, index, winning) : null,
      h("div", { class: "plate" },
        h("span", { class: "name", translate: "no" }, seat.name),
        h("span", { class: "stack" }, chips(stack))),
      tags.length ? h("div", { class: "tags" }, tags) : null,
      bet > 0 ? h("div", { class: "bet", "aria-label": t("table.bet_label", { amount: bet }) },
        chips(bet)) : null,
      won ? h("div", { class: "won" }, resultWords(hand, index)) : null,
      turn ? h("div", { class: "clock", "aria-hidden": "true" },
        h("div", { class: "bar" }), h("div", { class: "bank" }), h("span", { class: "seconds" }))
        : null);
  }

  holeCards(state, hand, index, winning) {
    const game = gameOf(hand.variant);
    const stud = Boolean(game?.stud);
    const wild = new Set(game?.wild_cards ? hand.wildRanks : []);
    const shown = hand.shown.has(index);
    const decided = hand.awards.length > 0;
    const seat = hand.seats[index];
    // Dealt one card a round, from the button's left.
    const players = hand.seats.length;
    const fromButton = (index - hand.seats.indexOf(hand.button) - 1 + 2 * players) % players;
    const cards = hand.cards[index].map(({ card, up }, place) => this.dealt(cardElement(card, {
      down: stud && !up && card !== null && !shown,
      wild: card !== null && wild.has(rankOf(card)),
      winning: decided && card !== null && shown && winning.has(card),
      dim: decided && shown && winning.size > 0 && card !== null && !winning.has(card),
    }), { hand: hand.number, group: seat, place }, this.deal.seatAt(seat),
    (round) => round * players + fromButton));
    const classes = ["cards", stud && "stud", hand.folded[index] && "mucked"];
    return h("div", { class: classes.filter(Boolean).join(" ") }, cards);
  }

  center(state, hand, winning) {
    const status = state.hand?.status ?? null;
    const pots = status?.pots ?? [];
    const two = hand ? boardsOf(hand) : [];
    const boards = two.length > 1
      ? two.map((board, place) => this.boardElement(hand, board, place,
        hand.awards.length ? winningCards(hand, place) : new Set()))
      : [this.boardElement(hand, hand ? hand.board : [], null, winning)];
    return h("div", { class: "center" },
      ...boards,
      hand?.rabbit?.length ? h("div", { class: "rabbit-note" }, t("table.rabbit_note"))
        : null,
      status ? h("div", { class: "pot", id: "pot" }, t("table.pot_amount", { amount: status.pot }),
        pots.length > 1 ? h("span", { class: "side-pots" },
          pots.map((amount, i) => ` \u00b7 ${i === 0 ? t("table.main_pot_amount", { amount })
            : t("table.side_pot_amount", { index: i, amount })}`)) : null)
        : null,
      h("div", { class: "turn-line", id: "turn-line", "aria-live": "polite" }, this.turnWords(state)));
  }

  /** A board's cards (``run``: which of two boards, a board run twice or a double board;
   * null: the only one), the winning ones raised; a hunted rabbit after them; empty slots
   * where cards will come. */
  boardElement(hand, board, run, winning) {
    const group = run ? "board-2" : "board";
    const slots = board.map((card, place) => this.dealt(cardElement(card, {
      winning: winning.has(card), dim: winning.size > 0 && !winning.has(card) }),
    { hand: hand.number, group, place }, BOARD_AT, (round) => round));
    slots.push(...(hand?.rabbit ?? []).map(rabbitCard));
    const boardSlots = hand ? gameOf(hand.variant)?.board_cards ?? 0 : 0;
    while (slots.length < boardSlots) slots.push(h("span", { class: "card slot", "aria-hidden": "true" }));
    if (run === null && board.length && hand && isStud(hand.variant)) {
      // Stud: the deck ran short, and the card (or two) in the middle is everybody's.
      const count = board.length;
      return h("div", { class: "board community", role: "group",
        "aria-label": t("table.community_cards_label", { count }) },
      h("span", { class: "run-label" }, t("table.community_cards", { count })), slots);
    }
    if (run === null) return h("div", { class: "board", role: "group",
      "aria-label": t("table.board_label") }, slots);
    return h("div", { class: `board run-${run + 1}`, role: "group",
      "aria-label": t("table.board_number_label", { number: run + 1 }) },
      h("span", { class: "run-label" }, boardName(hand, run)), slots);
  }

  /** The showdown in words (who wins what, with which hand), shown under the felt; the
   * winner announcement over the felt is what a screen reader hears. */
  results(state) {
    const hand = state.hand ?? state.lastHand;
    if (!hand || !hand.awards.length) return null;
    const name = (index) => state.nameOfHandSeat(index, hand);
    return h("div", { class: "showdown" },
      hand.awards.map((award) => h("div", { class: "award" },
        awardWords(award, name, boardsOf(hand).length > 1))));
  }

  turnWords(state) {
    const status = state.hand?.status;
    if (status && status.to_act !== null && status.to_act !== undefined) {
      const seat = state.seats.get(status.to_act);
      const yours = status.to_act === state.mySeat && !this.replay;
      return yours ? t("table.your_turn") : t("table.to_act", { name: seat?.name ?? "?" });
    }
    if (state.hand) return "";
    if (state.stopped) return sentence(state.stopped);
    if (!state.running) {
      return t(state.seats.size < 2 ? "table.waiting_for_players" : "table.waiting_for_host");
    }
    return t("table.next_hand_soon");
  }

  /** The action clock of the seat to act: called often, touches a few elements; the
   * seconds left in all (null: no clock running). */
  tick(state) {
    const status = state.hand?.status;
    const clock = this.root.querySelector(".seat.turn .clock");
    if (!clock || !status?.deadline) return null;
    const { action, bank } = clockParts(status, state.seats.get(status.to_act), state.connected,
      state.serverNow());
    const actionTotal = state.settings.action_seconds ?? 30;
    const bankTotal = Math.max(state.settings.time_bank_seconds ?? 0, bank);
    // Two bars: the action clock, then the time bank below it, spent once the clock is out.
    clock.querySelector(".bar").style.width = `${Math.min(100, (100 * action) / actionTotal)}%`;
    clock.querySelector(".bank").style.width = bankTotal ? `${(100 * bank) / bankTotal}%` : "0%";
    clock.querySelector(".seconds").textContent = action > 0
      ? t("table.clock_seconds", { seconds: Math.ceil(action) })
      : t("table.clock_bank_seconds", { seconds: Math.ceil(bank) });
    clock.classList.toggle("urgent", action + bank < 8);
    return action + bank;
  }

  /** Ready this render's deal: where the dealer is, the felt's size, which cards are old. */
  beginDeal(hand, seatCount, bottom, animate) {
    if (hand?.number !== this.dealtHand) {
      this.dealStarts.clear();
      this.dealtHand = hand?.number ?? null;
    }
    const button = hand && gameOf(hand.variant)?.button;
    this.deal = {
      now: performance.now(),
      animate,
      width: this.root.clientWidth,
      height: this.root.clientHeight,
      // Stud has no button: its cards come from the middle of the table.
      from: button ? seatPosition(hand.button, seatCount, bottom) : { x: 50, y: 50 },
      seatAt: (seat) => seatPosition(seat, seatCount, bottom),
      newCards: new Map(), // seat or "board" -> cards new to this render so far
    };
  }

  /**
   * Mark ``element`` as card ``place`` of ``group`` (a seat, or the board) in ``hand``; a
   * card new since the last render slides in from the dealer to ``to`` (percent of the
   * felt). ``slot(round)`` orders it among the cards dealt with it. Drawn again while
   * sliding, it carries on where it was (a negative delay) instead of starting over.
   */
  dealt(element, { hand, group, place }, to, slot) {
    const key = `${hand}-${group}-${place}`;
    element.dataset.deal = key;
    const deal = this.deal;
    let start = this.dealStarts.get(key);
    if (start === undefined) {
      const round = deal.newCards.get(group) ?? 0;
      deal.newCards.set(group, round + 1);
      start = deal.animate ? deal.now + DEAL_STAGGER_MS * slot(round) : -Infinity;
      this.dealStarts.set(key, start);
    }
    const elapsed = deal.now - start;
    if (elapsed >= DEAL_MS) return element;
    element.classList.add("dealing");
    element.style.animationDelay = `${Math.round(-elapsed)}ms`;
    element.style.setProperty("--deal-x", `${((deal.from.x - to.x) * deal.width) / 100}px`);
    element.style.setProperty("--deal-y", `${((deal.from.y - to.y) * deal.height) / 100}px`);
    return element;
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

/** A card of a hunted rabbit: where the board would have had it, marked as never dealt. */
function rabbitCard(card) {
  const element = cardElement(card, { dim: true });
  element.classList.add("rabbit");
  element.setAttribute("aria-label", t("table.rabbit_card_label", { card: cardName(card) }));
  element.title = t("table.rabbit_card_title");
  return element;
}
