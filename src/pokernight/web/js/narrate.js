// Hand events in words, for the hand log, the last hands and the stream view.

import { cardText, rankPlural } from "./cards.js";
import { chips } from "./dom.js";
import { has, language, t } from "./i18n.js";

// "Ann, Bob and Cy", "Ana, Bob y Cy", "Ann, Bob und Cy" (English without the serial comma,
// as the page always wrote it).
const LISTS = new Intl.ListFormat(language === "en" ? "en-GB" : language, { type: "conjunction" });

/** ``items`` as one list in words: "Queens and Sevens". */
export function listWords(items) {
  return LISTS.format(items);
}

/** A street by the server's name for it ("preflop", "third street", "first draw"). */
export function streetName(name) {
  const key = `table.street.${String(name).replace(/ /g, "_")}`;
  if (has(key)) return t(key);
  return name ? name[0].toUpperCase() + name.slice(1) : "";
}

// What each action says (``ActionTaken.says``, the server's word for it) and a bring-in:
// keys of the catalogue, for the seat's tag ("raises to 40") and the log ("Ann raises to 40").
const ACTIONS = new Set(["fold", "check", "call", "bet", "raise", "complete", "bring_in"]);
// What the clock did for a player who did not act: it checks, folds or brings in.
const TIMED_OUT = new Set(["fold", "check", "bring_in"]);

/** Which action's words: the server's word for it, else its kind (an event from before the
 * server named its actions), else a bet or raise. */
function actionKey(action) {
  if (ACTIONS.has(action.says)) return action.says;
  return ACTIONS.has(action.kind) ? action.kind : "bet_or_raise";
}

/** A draw in words: the number drawn is public ("draws 2", "stands pat"). */
export function drawWords(count) {
  return count === 0 ? t("table.act.stands_pat") : t("table.act.draws", { count });
}

/** An action in words, as the server named it; nothing is worked out here. */
export function actionWords(action) {
  if (action.kind === "draw") return drawWords(action.count);
  if (action.kind === "runs") return runsWords(action.runs);
  const key = actionKey(action);
  return action.amount ? t(`table.act.${key}_amount`, { amount: chips(action.amount) })
    : t(`table.act.${key}`);
}

/** ``name``'s action in words, as a line of the hand: "Ann raises to 40". */
function namedAction(action, name) {
  if (action.kind === "draw") {
    return action.count === 0 ? t("table.log.stands_pat", { name })
      : t("table.log.draws", { name, count: action.count });
  }
  const key = actionKey(action);
  return action.amount ? t(`table.log.${key}_amount`, { name, amount: chips(action.amount) })
    : t(`table.log.${key}`, { name });
}

/** A player's answer to running it twice. */
export function runsWords(runs) {
  return runs === 2 ? t("table.act.runs_twice") : t("table.act.runs_once");
}

/** ``line`` of a board's own, when the board was run twice or there are two. */
function onBoard(item, line) {
  return t(item.board ? "table.log.second_board_line" : "table.log.first_board_line", { line });
}

/** "Queens and Sevens wild" (Queens first, as Follow the Queen says it), "Threes and Nines wild". */
export function wildWords(ranks) {
  const sorted = [...ranks].sort((a, b) => a - b);
  const queensFirst = [...sorted.filter((rank) => rank === 10), ...sorted.filter((rank) => rank !== 10)];
  return t("table.wild.ranks_wild", { ranks: listWords(queensFirst.map(rankPlural)) });
}

/** The second half of a split pot: "low" (hi-lo), or Chicago's "spade", as the server's
 * description of the award names it ("high: ..., spade: Ks" or "high: ..., no spade"). */
export function secondHalf(award) {
  return /\bspade\b/.test(award.description ?? "") ? "spade" : "low";
}

const cardsText = (cards) => cards.map(cardText).join(" ");

/** One line for a hand event, or null for events not worth a line. ``name(index)`` names a seat;
 * ``stud``: a card to the board is the community card the deck's end makes everybody share. */
export function describeEvent(item, name, twoBoards = false, stud = false) {
  const line = describe(item, name, twoBoards, stud);
  // A pot's words say their board themselves (awardWords).
  return twoBoards && item.type === "CardsShown" ? onBoard(item, line) : line;
}

function describe(item, name, twoBoards, stud) {
  const who = typeof item.seat === "number" ? name(item.seat) : null;
  switch (item.type) {
    case "StreetStarted": return t("table.log.street", { street: streetName(item.name) });
    case "AntePosted": return t("table.log.antes", { name: who, amount: chips(item.amount) });
    case "BlindPosted": {
      const kind = has(`table.log.blind_${item.kind}`) ? item.kind : "big";
      return t(`table.log.blind_${kind}`, { name: who, amount: chips(item.amount) });
    }
    case "BringInPosted":
      return t(item.all_in ? "table.log.brings_in_all_in" : "table.log.brings_in",
        { name: who, amount: chips(item.amount) });
    case "CardsDealt":
      if (item.seat === null && item.cards.length && stud) {
        return t("table.log.community_card", { cards: cardsText(item.cards) });
      }
      if (item.seat === null && item.cards.length) {
        return t(item.board ? "table.log.second_board" : "table.log.board",
          { cards: cardsText(item.cards) });
      }
      if (item.face_up && item.cards.length) {
        return t("table.log.dealt_face_up", { name: who, cards: cardsText(item.cards) });
      }
      return null;
    case "ActionTaken": {
      if (item.timed_out) {
        return TIMED_OUT.has(item.kind) ? t(`table.log.timed_out_${item.kind}`, { name: who })
          : t("table.log.timed_out", { name: who, action: actionWords(item) });
      }
      const said = namedAction(item, who);
      return item.all_in ? t("table.log.all_in", { action: said }) : said;
    }
    case "WildRankChanged":
      return item.rank === null
        ? t("table.log.wild_last_up_card", { card: cardText(item.card) })
        : t("table.log.wild_follows_queen", { card: cardText(item.card),
          ranks: rankPlural(item.rank) });
    case "BetReturned": return t("table.log.bet_returned", { name: who, amount: chips(item.amount) });
    case "CardsShown":
      return t("table.log.shows", { name: who, cards: cardsText(item.cards) })
        + (item.description ? ` (${item.description})` : "");
    case "CardsMucked": return t("table.log.mucks", { name: who });
    case "CardsDrawn": {
      // The drawer's own copy names the cards; everybody else's has the count alone.
      const drawn = namedAction({ kind: "draw", count: item.count }, who);
      return item.drawn?.length ? t("table.log.drawn_cards", { action: drawn,
        cards: cardsText(item.drawn) }) : drawn;
    }
    case "StubReshuffled": return t("table.log.stub_reshuffled", { count: item.size });
    case "PotAwarded": return awardWords(item, name, twoBoards);
    case "RunsChosen":
      return t(item.runs === 2 ? "table.log.runs_twice" : "table.log.runs_once", { name: who });
    case "SecondRunStarted": return t("table.log.second_run");
    default: return null;
  }
}

/** "Ann 30, Bob 15": each winner of a half and their share. */
const shares = (list, name) => list.map(([seat, amount]) =>
  t("table.award.share", { name: name(seat), amount: chips(amount) }));

export function awardWords(award, name, twoBoards = false) {
  const words = award.high ? hiLoAwardWords(award, name) : potAwardWords(award, name);
  return twoBoards ? onBoard(award, words) : words;
}

/** "Ann wins 30, Bob wins 30 from side pot 1 — ...". */
function potAwardWords(award, name) {
  const winners = award.winners.map(([seat, amount]) =>
    t("table.award.wins", { name: name(seat), amount: chips(amount) })).join(", ");
  const from = award.index === 0 ? t("table.award.from_pot", { winners })
    : t("table.award.from_side_pot", { winners, index: award.index });
  return `${from}${award.description ? ` \u2014 ${award.description}` : ""}`;
}

/** A hi-lo pot, half by half: "the pot: high Ann 30, low Bob 15, Cy 15 — high: ..., low: ...". */
function hiLoAwardWords(award, name) {
  const pot = award.index === 0 ? t("table.award.the_pot")
    : t("table.award.side_pot", { index: award.index });
  const half = secondHalf(award);
  const low = award.low && award.low.length ? shares(award.low, name).join(", ") : null;
  const key = low === null ? `table.award.hi_lo_no_${half}` : `table.award.hi_lo_${half}`;
  return `${t(key, { pot, high: shares(award.high, name).join(", "), low })} \u2014 ${award.description}`;
}

/** A hi-lo pot that both halves won: "Bob scoops 60 with ..." or, half by half, "Bob
 * wins 30 with the high, Ann 15 and Cy 15 with the low: ...". ``pot``: which pot, in words
 * after the amount ("" when there is one). */
function hiLoWinnerLine(award, name, pot) {
  const [high, low] = [award.high, award.low];
  const phrase = handPhrase(award.description);
  if (award.winners.length === 1) {
    return t("table.winner.scoops", { name: name(high[0][0]), amount: chips(award.amount), pot,
      hand: phrase });
  }
  return t(`table.winner.halves_${secondHalf(award)}`, { high: listWords(shares(high, name)),
    low: listWords(shares(low, name)), pot, hand: phrase });
}

/** A hand's name as said after "with": "Flush, Ace high" -> "a flush, ace high". */
export function handPhrase(description) {
  const pair = /^One Pair, (.*)$/.exec(description);
  // Words lose their capitals; rank symbols ("7-5-4-2-A low") keep theirs.
  const words = (pair ? `pair of ${pair[1]}` : description).replace(/\b[A-Z][a-z]+/g,
    (word) => word.toLowerCase());
  return /^(pair|straight|flush|full house|royal flush)/.test(words) ? `a ${words}` : words;
}

/** One line per pot for the winner announcement: "Bob wins 240 with a flush, ace high". */
export function winnerLines(awards, name) {
  const twoBoards = awards.some((award) => award.board);
  const pots = new Set(awards.map((award) => award.index)).size;
  return awards.map((award) => {
    const pot = pots === 1 ? "" : award.index === 0 ? t("table.winner.of_main_pot")
      : t("table.winner.of_side_pot", { index: award.index });
    const line = award.high?.length && award.low?.length ? hiLoWinnerLine(award, name, pot)
      : potWinnerLine(award, name, pot);
    return twoBoards ? onBoard(award, line) : line;
  });
}

/** "Bob wins 240 with a flush, ace high", "Ann and Cy split 240 of the main pot". */
function potWinnerLine(award, name, pot) {
  const names = award.winners.map(([seat]) => name(seat));
  const which = names.length === 1 ? "wins" : "split";
  const words = { name: names[0], names: listWords(names), amount: chips(award.amount), pot };
  return award.description
    ? t(`table.winner.${which}_with`, { ...words, hand: handPhrase(award.description) })
    : t(`table.winner.${which}`, words);
}
