// Hand events in words, for the hand log, the last hands and the stream view.

import { cardText, rankPlural } from "./cards.js";
import { chips } from "./dom.js";
import { handName, handPhrase, secondHalfOf } from "./hand_words.js";

const STREET_WORDS = { preflop: "Pre-flop" };
// What the clock did for a player who did not act: it checks, folds or brings in.
const TIMED_OUT_WORDS = { fold: "folded", check: "checked", bring_in: "brought in" };

export function streetName(name) {
  return STREET_WORDS[name] ?? (name ? name[0].toUpperCase() + name.slice(1) : "");
}

// What each action says (``ActionTaken.says``, the server's word for it) and a bring-in.
const ACTION_WORDS = {
  fold: "folds", check: "checks", call: "calls", bet: "bets", raise: "raises to",
  complete: "completes to", bring_in: "brings in",
};

/** A draw in words: the number drawn is public ("draws 2", "stands pat"). */
export function drawWords(count) {
  return count === 0 ? "stands pat" : `draws ${count}`;
}

/** An action in words, as the server named it; nothing is worked out here. An event from
 * before the server named its actions (no ``says``) is told by its kind. */
export function actionWords(action) {
  if (action.kind === "draw") return drawWords(action.count);
  if (action.kind === "runs") return runsWords(action.runs);
  const amount = action.amount ? ` ${chips(action.amount)}` : "";
  const words = ACTION_WORDS[action.says] ?? ACTION_WORDS[action.kind] ?? "bets/raises to";
  return `${words}${amount}`;
}

/** A player's answer to running it twice. */
export function runsWords(runs) {
  return runs === 2 ? "runs it twice" : "runs it once";
}

/** Which board an award or a shown hand is of, when the board was run twice. */
function boardWords(item) {
  return item.board ? "Second board: " : "First board: ";
}

/** "Queens and Sevens wild" (Queens first, as Follow the Queen says it), "Threes and Nines wild". */
export function wildWords(ranks) {
  const sorted = [...ranks].sort((a, b) => a - b);
  const queensFirst = [...sorted.filter((rank) => rank === 10), ...sorted.filter((rank) => rank !== 10)];
  return queensFirst.map(rankPlural).join(" and ") + " wild";
}

/** The second half of a split pot: "low" (hi-lo), or Chicago's "spade", as the server's
 * description of the award names it ("high: ..., spade: Ks" or "high: ..., no spade"). */
export function secondHalf(award) {
  return secondHalfOf(award);
}

/** One line for a hand event, or null for events not worth a line. ``name(index)`` names a seat;
 * ``stud``: a card to the board is the community card the deck's end makes everybody share. */
export function describeEvent(item, name, twoBoards = false, stud = false) {
  const board = twoBoards ? boardWords(item) : "";
  switch (item.type) {
    case "StreetStarted": return `\u2014 ${streetName(item.name)} \u2014`;
    case "AntePosted": return `${name(item.seat)} antes ${chips(item.amount)}`;
    case "BlindPosted":
      return item.kind === "straddle" ? `${name(item.seat)} straddles ${chips(item.amount)}`
        : `${name(item.seat)} posts the ${item.kind} blind ${chips(item.amount)}`;
    case "BringInPosted":
      return `${name(item.seat)} brings in ${chips(item.amount)}${item.all_in ? " (all-in)" : ""}`;
    case "CardsDealt":
      if (item.seat === null && item.cards.length && stud) {
        return `Community card for everybody: ${item.cards.map(cardText).join(" ")}`;
      }
      if (item.seat === null && item.cards.length) {
        return `${item.board ? "Second board" : "Board"}: ${item.cards.map(cardText).join(" ")}`;
      }
      if (item.face_up && item.cards.length) {
        return `${name(item.seat)} is dealt ${item.cards.map(cardText).join(" ")} face up`;
      }
      return null;
    case "ActionTaken": {
      const allIn = item.all_in ? " (all-in)" : "";
      if (item.timed_out) return `${name(item.seat)} timed out (${TIMED_OUT_WORDS[item.kind] ?? actionWords(item)})`;
      return `${name(item.seat)} ${actionWords(item)}${allIn}`;
    }
    case "WildRankChanged":
      return item.rank === null
        ? `${cardText(item.card)} was the last up card of its street: only Queens are wild`
        : `${cardText(item.card)} follows a Queen: ${rankPlural(item.rank)} are wild`;
    case "BetReturned": return `${chips(item.amount)} returned to ${name(item.seat)}`;
    case "CardsShown":
      return `${board}${name(item.seat)} shows ${item.cards.map(cardText).join(" ")}`
        + (item.description ? ` (${handName(item)})` : "");
    case "CardsMucked": return `${name(item.seat)} mucks`;
    case "CardsDrawn": {
      // The drawer's own copy names the cards; everybody else's has the count alone.
      const mine = item.drawn?.length ? `: ${item.drawn.map(cardText).join(" ")}` : "";
      return `${name(item.seat)} ${drawWords(item.count)}${mine}`;
    }
    case "StubReshuffled":
      return `The stub ran out: the discards are shuffled into a new stub (${item.size} cards)`;
    case "PotAwarded": return awardWords(item, name, twoBoards);
    case "RunsChosen": return `${name(item.seat)} ${runsWords(item.runs)}`;
    case "SecondRunStarted": return "\u2014 Second run: the same streets again \u2014";
    default: return null;
  }
}

export function awardWords(award, name, twoBoards = false) {
  const board = twoBoards ? boardWords(award) : "";
  const pot = award.index === 0 ? "the pot" : `side pot ${award.index}`;
  if (award.high) return board + hiLoAwardWords(award, name, pot);
  const winners = award.winners.map(([seat, amount]) => `${name(seat)} wins ${chips(amount)}`);
  return `${board}${winners.join(", ")} from ${pot}${award.description ? ` \u2014 ${handName(award)}` : ""}`;
}

/** A hi-lo pot, half by half: "the pot: high Ann 30, low Bob 15, Cy 15 — high: ..., low: ...". */
function hiLoAwardWords(award, name, pot) {
  const half = (shares) => shares.map(([seat, amount]) => `${name(seat)} ${chips(amount)}`).join(", ");
  const word = secondHalf(award);
  const low = award.low && award.low.length ? `${word} ${half(award.low)}` : `no ${word}`;
  return `${pot}: high ${half(award.high)}, ${low} \u2014 ${handName(award)}`;
}

/** A hi-lo pot that both halves won: "Bob scoops 60 with ..." or, half by half, "Bob
 * wins 30 with the high, Ann 15 and Cy 15 with the low: ...". */
function hiLoWinnerLine(award, name, pot) {
  const [high, low] = [award.high, award.low];
  const phrase = handPhrase(award);
  if (award.winners.length === 1) return `${name(high[0][0])} scoops ${chips(award.amount)}${pot} with ${phrase}`;
  const half = (shares) => shares.map(([seat, amount]) => `${name(seat)} ${chips(amount)}`).join(" and ");
  return `${half(high)} with the high, ${half(low)} with the ${secondHalf(award)}${pot}: ${phrase}`;
}

/** One line per pot for the winner announcement: "Bob wins 240 with a flush, ace high". */
export function winnerLines(awards, name) {
  const twoBoards = awards.some((award) => award.board);
  const pots = new Set(awards.map((award) => award.index)).size;
  return awards.map((award) => {
    const pot = pots === 1 ? "" : award.index === 0 ? " of the main pot"
      : ` of side pot ${award.index}`;
    const board = twoBoards ? boardWords(award) : "";
    if (award.high?.length && award.low?.length) return board + hiLoWinnerLine(award, name, pot);
    const names = award.winners.map(([seat]) => name(seat));
    const took = names.length === 1 ? `${names[0]} wins ${chips(award.amount)}${pot}`
      : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} split ${chips(award.amount)}${pot}`;
    return board + (award.description ? `${took} with ${handPhrase(award)}` : took);
  });
}
