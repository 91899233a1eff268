// How many chips a player may still take: the table's debt cap (what one player may owe
// the group) and the most a stack may hold (its cap), whichever comes first. The server says it (a seat's
// ``rebuy``, a ledger account's ``chips_room``) and decides; this only puts it in words.

import { t } from "./i18n.js";

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
  // One sentence per case, so that each language words it whole (``verb``: add or take).
  const cap = room.debtCapped ? room.cap : room.stackCap;
  const limit = !room.debtCapped ? "stack" : room.ownCap ? "own_cap" : "cap";
  const numbers = { amount: room.amount, cap, owed: room.owed };
  if (room.amount > 0) return t(`table.room.${verb}_up_to_${limit}`, numbers);
  const cannot = t(`table.room.cannot_${verb}_${limit}`, numbers);
  if (!room.debtCapped) return cannot;
  const raise = t(`table.room.${host ? "you" : "host"}_raise_${room.ownCap ? "own_cap" : "cap"}`);
  return `${cannot} ${raise}`;
}
