// How many chips a player may still take: the table's debt cap (what one player may owe
// the group, from the ledger) and its biggest stack, whichever comes first. The server
// decides; this only says so before a player tries.

import { chips } from "./dom.js";
import { buyInRange } from "./settings_form.js";

/** ``debt``: the ledger's bought in minus cashed out; ``queued``: rebuys waiting for the hand's end. */
export function chipsRoom(settings, { debt, stack = 0, queued = 0 }) {
  const { stackCap } = buyInRange(settings);
  const cap = settings.debt_limit ?? settings.debt_cap ?? null; // the server's number
  const byDebt = cap === null ? Infinity : cap - debt - queued;
  const byStack = stackCap - stack - queued;
  return {
    amount: Math.max(0, Math.min(byDebt, byStack)),
    debtCapped: byDebt <= byStack,
    cap,
    stackCap,
    owed: debt + queued,
  };
}

/**
 * "You can add up to 600 (debt cap 1,000)." or why nothing can be added. ``verb``: "add"
 * (a rebuy) or "take" (a buy-in); ``host``: the player can raise the cap themselves.
 */
export function roomWords(room, { verb = "add", host = false } = {}) {
  if (room.amount > 0) {
    const limit = room.debtCapped ? `debt cap ${chips(room.cap)}`
      : `the table's biggest stack is ${chips(room.stackCap)}`;
    return `You can ${verb} up to ${chips(room.amount)} (${limit}).`;
  }
  const raise = host ? "You can raise it" : "The host can raise it";
  return room.debtCapped
    ? `You cannot ${verb} chips: you owe ${chips(room.owed)} and the debt cap is `
      + `${chips(room.cap)}. ${raise} in the table settings.`
    : `You cannot ${verb} chips: your stack is at the table's biggest, ${chips(room.stackCap)}.`;
}
