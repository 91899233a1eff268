// The table by ear (issue 38): a polite live region, out of sight, says in short sentences
// what the server's events just did (a new hand, your cards, each action, the board, who
// shows what, who wins) and then whose turn it is, with what you may do. The same words
// answer the keys that read the table on demand (keyboard.js). Every fact is the server's
// (the folded state and the event's own hand items): nothing is worked out here.

import { cardName } from "./cards.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";
import { handPhrase } from "./narrate.js";
import { boardsOf } from "./state.js";

const AND = new Intl.ListFormat(language, { type: "conjunction" });
const OR = new Intl.ListFormat(language, { type: "disjunction" });

/** "Ace of spades and King of hearts", in the page's language. */
export function cardsWords(cards) {
  return AND.format(cards.map(cardName));
}

/** The hand being played, else the last one (its result stays on the felt). */
function handOf(state) {
  return state.hand ?? state.lastHand;
}

function seatName(hand, index) {
  return hand.names[index];
}

/** What an action was, as the server named it (``says``, else its kind). */
function actionSentence(hand, item) {
  const name = seatName(hand, item.seat);
  const says = item.says || item.kind;
  const words = t(`access.action.${says}`, { name, amount: item.amount ?? 0 });
  const allIn = item.all_in ? t("access.all_in", { action: words }) : words;
  return item.timed_out ? t("access.timed_out", { action: allIn }) : allIn;
}

// The streets whose board cards are named by their street ("Flop: ..."); others say "Board".
const BOARD_STREETS = new Set(["flop", "turn", "river"]);

/** Board cards, named by the street the server said they came on. */
function boardDealt(item, street) {
  const where = item.board ? t("access.second_board")
    : BOARD_STREETS.has(street) ? t(`access.street.${street}`) : t("access.board");
  return t("access.board_cards", { street: where, cards: cardsWords(item.cards) });
}

/** A pot's award: who wins how much, with what (the server's description of the hand). */
function awardSentence(hand, award) {
  const names = award.winners.map(([index]) => seatName(hand, index));
  const params = { name: AND.format(names), amount: award.amount, pot: award.index,
    hand: award.description ? handPhrase(award.description) : "" };
  const shared = names.length > 1 ? "split" : "wins";
  const side = award.index > 0 ? "_side" : "";
  const described = award.description ? "_with" : "";
  return t(`access.${shared}${side}${described}`, params);
}

/** One sentence for a hand event worth hearing, or null. ``mine``: this page's hand seat. */
function eventSentence(hand, item, mine, street) {
  switch (item.type) {
    case "CardsDealt":
      if (!item.cards.length) return null;
      if (item.seat === null) return boardDealt(item, street);
      if (item.seat === mine) return t("access.you_are_dealt", { cards: cardsWords(item.cards) });
      return item.face_up ? t("access.dealt_face_up", { name: seatName(hand, item.seat),
        cards: cardsWords(item.cards) }) : null;
    case "ActionTaken":
      return actionSentence(hand, item);
    case "BringInPosted":
      return t("access.action.bring_in", { name: seatName(hand, item.seat), amount: item.amount });
    case "CardsDrawn":
      if (item.seat === mine && item.drawn?.length) {
        return t("access.you_draw", { cards: cardsWords(item.drawn) });
      }
      return t(item.count ? "access.draws" : "access.stands_pat",
        { name: seatName(hand, item.seat), count: item.count });
    case "RunsChosen":
      return t(item.runs === 2 ? "access.runs_twice" : "access.runs_once",
        { name: seatName(hand, item.seat) });
    case "CardsShown":
      return t("access.shows", { name: seatName(hand, item.seat), cards: cardsWords(item.cards) });
    case "CardsMucked":
      return t("access.mucks", { name: seatName(hand, item.seat) });
    case "PotAwarded":
      return awardSentence(hand, item);
    default:
      return null;
  }
}

/** What the server lets this seat do now, as a list: "fold, call 20 or raise to 40". */
function choices(legal) {
  if (legal.can_choose_runs) return t("access.may.runs");
  if (legal.can_draw) return t("access.may.draw", { count: legal.max_discard });
  const may = [];
  if (legal.can_fold) may.push(t("access.may.fold"));
  if (legal.can_check) may.push(t("access.may.check"));
  else if (legal.can_call) may.push(t("access.may.call", { amount: legal.call_amount }));
  if (legal.can_bring_in) may.push(t("access.may.bring_in", { amount: legal.bring_in_amount }));
  if (legal.can_bet_or_raise) {
    const more = legal.min_raise_to < legal.max_raise_to ? "_more" : "";
    may.push(t(`access.may.${legal.raise_says || "raise"}${more}`, { amount: legal.min_raise_to }));
  }
  return OR.format(may);
}

/** The table seat to act, as the server's status says (null: nobody). */
function toAct(state) {
  return state.hand?.status?.to_act ?? null;
}

/** Whose turn it is: "Your turn: you may ...", "Bob to act", or that nobody is to act. */
export function turnSentence(state) {
  const seat = toAct(state);
  if (seat === null) return t(state.hand ? "access.nobody_to_act" : "access.no_hand");
  const legal = state.legal;
  if (legal) return t("access.your_turn", { choices: choices(legal) });
  return t("access.to_act", { name: state.seats.get(seat)?.name ?? "" });
}

/** The cards this page's player holds in the hand (or held in the last one). */
export function handSentence(state) {
  const hand = handOf(state);
  const index = hand && state.mySeat !== null ? state.handIndex(state.mySeat, hand) : -1;
  const cards = index < 0 ? [] : hand.cards[index].map(({ card }) => card).filter(Boolean);
  return cards.length ? t("access.your_cards", { cards: cardsWords(cards) }) : t("access.no_cards");
}

/** The board's cards, each board's when there are two. */
export function boardSentence(state) {
  const hand = handOf(state);
  const boards = hand ? boardsOf(hand).filter((cards) => cards.length) : [];
  if (!boards.length) return t("access.no_board");
  return boards.map((cards, run) => t(run ? "access.second_board_now" : "access.board_now",
    { cards: cardsWords(cards) })).join(". ");
}

/** Each seated player's chips, as the felt shows them (in the hand: the server's status). */
export function stacksSentence(state) {
  const hand = state.hand;
  const stacks = [...state.seats.values()].map((seat) => {
    const index = hand ? state.handIndex(seat.seat) : -1;
    const stack = index >= 0 && hand.status ? hand.status.stacks[index] : seat.stack;
    return t("access.stack", { name: seat.name, amount: stack });
  });
  return stacks.length ? t("access.stacks", { stacks: AND.format(stacks) }) : t("access.no_players");
}

/** The pot (each pot when there are side pots) and what calling costs you now. */
export function potSentence(state) {
  const status = state.hand?.status;
  if (!status) return t("access.no_pot");
  const pots = status.pots ?? [];
  const parts = [t("access.pot", { amount: status.pot })];
  if (pots.length > 1) {
    parts.push(t("access.pots", { pots: AND.format(pots.map((amount, index) =>
      t(index ? "access.side_pot" : "access.main_pot", { amount, index }))) }));
  }
  const legal = state.legal;
  if (legal?.can_check) parts.push(t("access.nothing_to_call"));
  else if (legal?.can_call) parts.push(t("access.to_call", { amount: legal.call_amount }));
  return parts.join(". ");
}

/** Sentences for the live region, from the server's events. ``element``: the region. */
export class Spoken {
  constructor() {
    this.element = h("div", { class: "visually-hidden", id: "spoken", "aria-live": "polite",
      "aria-atomic": "false", "aria-relevant": "additions" });
  }

  /** Say what ``message`` (a table event, already folded into ``state``) did. */
  hear(message, state) {
    // A snapshot (a reload, a resume) is old news but for whose turn it is now.
    if (message.type === "snapshot") {
      if (toAct(state) !== null) this.say([turnSentence(state)]);
      return;
    }
    const sentences = [];
    if (message.type === "HandDealt") {
      sentences.push(t("access.hand_begins", { number: message.hand_number }));
    }
    const hand = handOf(state);
    const items = message.hand ?? [];
    if (hand && items.length) {
      const mine = state.mySeat === null ? -1 : state.handIndex(state.mySeat, hand);
      // The street each board card came on: a run-out deals several in one message.
      let street = hand.street;
      for (const item of items) {
        if (item.type === "StreetStarted") street = item.name;
        const said = eventSentence(hand, item, mine, street);
        if (said) sentences.push(said);
      }
      if (toAct(state) !== null) sentences.push(turnSentence(state));
    }
    this.say(sentences);
  }

  /** Newest only: the region holds the last message's sentences, one paragraph each. */
  say(sentences) {
    if (!sentences.length) return;
    this.element.replaceChildren(...sentences.map((sentence) => h("p", {}, sentence)));
  }
}
