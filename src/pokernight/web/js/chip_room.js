// How many chips a player may still take: the table's debt cap (what one player may owe
// the group) and the most a stack may hold (its cap), whichever comes first. The server says it (a seat's
// ``rebuy``, a ledger account's ``chips_room``) and decides; this only puts it in words.

import { chips } from "./dom.js";

/** ``room``: the server's ``{amount, limit, owed}``; ``settings``: the caps it names. */
export function chipsRoom(settings, room) {
  return {
    amount: room.amount,
    debtCapped: room.limit === "debt",
    // The player's cap: their own if the host set one (the server says), else the table's.
    cap: room.cap !== undefined ? room.cap : settings.debt_limit,
    ownCap: Boolean(room.own_cap),
    stackCap: settings.stack_cap,
    owed: room.owed,
  };
}

/**
 * "You can add up to 600 (debt cap 1,000)." or why nothing can be added. ``verb``: "add"
 * (a rebuy) or "take" (a buy-in); ``host``: the player can raise the cap themselves.
 */
export function roomWords(room, { verb = "add", host = false } = {}) {
  if (room.amount > 0) {
    const limit = room.debtCapped ? `${room.ownCap ? "your own " : ""}debt cap ${chips(room.cap)}`
      : `a stack may hold at most ${chips(room.stackCap)}`;
    return `You can ${verb} up to ${chips(room.amount)} (${limit}).`;
  }
  const raise = host ? "You can raise it" : "The host can raise it";
  const where = room.ownCap ? "(it is yours alone)" : "in the table settings";
  return room.debtCapped
    ? `You cannot ${verb} chips: you owe ${chips(room.owed)} and `
      + `${room.ownCap ? "your own" : "the"} debt cap is ${chips(room.cap)}. ${raise} ${where}.`
    : `You cannot ${verb} chips: your stack is at the most a stack may hold, `
      + `${chips(room.stackCap)}.`;
}
