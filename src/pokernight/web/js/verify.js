// The check of a finished hand's proof, in the browser: the same check as the server's
// ``pokernight verify`` (``table/hand_check.py``), written again here so that a player
// trusts their own page, not the room. See docs/decisions/0038-player-entropy-shuffle.md.

import { t } from "./i18n.js";
import { sha256, sha256Hex, toHex } from "./sha256.js";

// Each problem is a sentence of the catalogue's, shown as it is; the reasons a dealing
// order fails are the end of one ("rooms.verify.order").
const problem = (key, params = {}) => t(`rooms.verify.${key}`, params);

const DOMAIN = "pokernight shuffle v1";
const RESHUFFLE = "pokernight reshuffle v1";
const HASH = /^[0-9a-f]{64}$/;
const WORD = 2 ** 32;
const encoder = new TextEncoder();

/** 32 random bytes from Web Crypto as hex: this page's contribution to a shuffle. */
export function newContribution() {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** ``order[k]``: the committed position of the card dealt at position k (``mixing.py``). */
export function mixedOrder(commitment, contributions, size) {
  const order = [...Array(size).keys()];
  if (!contributions.length) return order;
  const lines = [...contributions].sort((x, y) => x.seat - y.seat || (x.value < y.value ? -1 : 1))
    .map((item) => `${item.seat}:${item.value}\n`).join("");
  const seed = sha256(encoder.encode(`${DOMAIN}\n${commitment}\n${lines}`));
  return fisherYates(order, wordsOf(seed));
}

/** A Fisher-Yates of ``order`` in place, each index drawn from ``words`` without bias. */
function fisherYates(order, words) {
  for (let i = order.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = WORD - (WORD % bound);
    let word = words.next().value;
    while (word >= limit) word = words.next().value;
    const j = word % bound;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** A draw game's reshuffle seed, from the committed deck's leaves (``rules/draws.py``). */
export function reshuffleSeed(leaves) {
  return sha256(encoder.encode(`${RESHUFFLE}\nleaves\n${leaves.join("")}`));
}

/** The deck positions of a reshuffle's cards in the new stub's order (``rules/draws.py``). */
export function reshuffledPositions(positions, seed) {
  const order = [...positions].sort((x, y) => x - y);
  const text = encoder.encode(order.join(" "));
  const input = new Uint8Array(seed.length + text.length);
  input.set(seed);
  input.set(text, seed.length);
  return fisherYates(order, wordsOf(sha256(input)));
}

function* wordsOf(seed) {
  for (let counter = 0; ; counter++) {
    const input = new Uint8Array(seed.length + 8);
    input.set(seed);
    new DataView(input.buffer).setUint32(seed.length + 4, counter);
    const block = new DataView(sha256(input).buffer);
    for (let start = 0; start < 32; start += 4) yield block.getUint32(start);
  }
}

/** Every card the events deal, with its deck position (``rules/deal_positions.py``); throws
 * when they deal out of the order: seats round-robin from left of the button, folded skipped. */
export function dealtCards(events, reshuffles = [], seed = null, deckSize = 52) {
  const dealt = [];
  let order = [];
  const folded = new Set();
  let live = [];
  let street = [];
  let position = 0;
  // A stud community card dealt when the deck held no card is the hand's first burn.
  let firstBurn = null;
  // A draw game's stub once reshuffled: its deck positions in dealing order (null: the deck).
  let stub = null;
  let next = 0;
  const piles = [...reshuffles];
  for (const event of events) {
    if (event.type === "StreetStarted" && stub !== null) {
      if (event.burn) next += 1;
    } else if (event.type === "StubReshuffled") {
      const pile = piles.shift();
      if (!pile || seed === null) throw new Error(problem("reshuffle_unknown"));
      if (pile.length !== event.size) {
        throw new Error(problem("reshuffle_size", { size: event.size, named: pile.length }));
      }
      const left = stub === null
        ? [...Array(Math.max(deckSize - 1 - position, 0)).keys()].map((k) => position + k)
        : stub.slice(next, -1);
      stub = [...left, ...reshuffledPositions(pile, seed)];
      next = 0;
    } else if (event.type === "CardsDrawn") {
      for (let k = 0; k < event.count; k++) {
        const card = event.drawn?.length ? event.drawn[k] : null;
        if (stub === null) dealt.push({ position: position++, seat: event.seat, card });
        else dealt.push({ position: stub[next++], seat: event.seat, card });
      }
    } else if (event.type === "HandStarted") {
      const count = event.stacks.length;
      order = [...Array(count).keys()].map((offset) => (event.button + 1 + offset) % count);
    } else if (event.type === "StreetStarted") {
      position = layOut(street, position, live, dealt, deckSize, firstBurn);
      street = [];
      live = order.filter((seat) => !folded.has(seat));
      if (event.burn && firstBurn === null) firstBurn = position;
      if (event.burn) position += 1;
    } else if (event.type === "CardsDealt") {
      street.push(event);
    } else if (event.type === "ActionTaken" && event.kind === "fold") {
      folded.add(event.seat);
    }
  }
  layOut(street, position, live, dealt, deckSize, firstBurn);
  return dealt;
}

function layOut(street, base, live, dealt, deckSize = 52, firstBurn = null) {
  // The street's down cards come first; a down card after an up card is Baseball's extra
  // card for the up card before it, dealt at once from the next position.
  let firstUp = street.findIndex((item) => item.seat !== null && item.face_up);
  if (firstUp < 0) firstUp = street.length;
  const down = street.slice(0, firstUp).filter((item) => item.seat !== null);
  const later = street.slice(firstUp).filter((item) => item.seat !== null);
  const up = later.filter((item) => item.face_up);
  const board = street.filter((item) => item.seat === null);
  const players = down.length || up.length ? live.length : 0;
  if (players || down.length || up.length) {
    checkSeats(down, up, live);
    checkExtras(later);
  }
  const roundsDown = down.length ? down[0].cards.length + (down[0].hidden ?? 0) : 0;
  down.forEach((item, place) => {
    if (item.cards.length + (item.hidden ?? 0) !== roundsDown) {
      throw new Error(problem("down_count", { seat: item.seat }));
    }
    for (let round = 0; round < roundsDown; round++) {
      dealt.push({ position: base + round * players + place, seat: item.seat,
        card: item.cards.length ? item.cards[round] : null });
    }
  });
  let position = base + roundsDown * players;
  for (const item of later) {
    dealt.push({ position: position++, seat: item.seat, card: item.cards.length ? item.cards[0] : null });
  }
  for (const item of board) {
    for (const card of item.cards) {
      // Past the deck's end: a stud community card turned from the first burn.
      const at = position >= deckSize && firstBurn !== null ? firstBurn : position;
      dealt.push({ position: at, seat: null, card });
      position++;
    }
  }
  return position;
}

/** Each down card among the up cards is one card to the seat of the up card just before it. */
function checkExtras(later) {
  later.forEach((item, index) => {
    if (index === 0 || item.face_up) return;
    const before = later[index - 1];
    if (before.seat !== item.seat || !before.face_up
        || item.cards.length + (item.hidden ?? 0) !== 1) {
      throw new Error(problem("extra_card"));
    }
  });
}

function checkSeats(down, up, live) {
  if (down.length && down.map((item) => item.seat).join() !== live.join()) {
    throw new Error(problem("down_order"));
  }
  const players = live.length;
  if (!players || up.length % players || up.some((item) => item.cards.length !== 1)) {
    throw new Error(problem("up_rounds"));
  }
  up.forEach((item, index) => {
    if (item.seat !== live[index % players]) {
      throw new Error(problem("up_order"));
    }
  });
}

/** What is wrong with the leaves and reveals (``commitment.check_reveals``). */
function checkReveals(commitment, leaves, reveals) {
  if (new Set(leaves).size !== leaves.length || !leaves.every((leaf) => HASH.test(leaf))) {
    return [problem("leaves")];
  }
  const problems = [];
  if (sha256Hex(leaves.join("")) !== commitment.trim().toLowerCase()) {
    problems.push(problem("commitment"));
  }
  for (const item of reveals) {
    if (item.position >= leaves.length) {
      problems.push(problem("past_end", { card: item.card, position: item.position }));
    } else if (sha256Hex(`${item.position}:${item.card}:${item.key}`) !== leaves[item.position]) {
      problems.push(problem("not_committed", { card: item.card, position: item.position }));
    }
  }
  return problems;
}

/**
 * Check a finished hand's ``proof`` as its reader: ``mine``, the contribution this page
 * sent to it (hex), if any. ``{problems, seen, contributions, mineMixed}``: no problem, the
 * proof holds; ``seen``: each card the reader saw, with its dealt and committed positions.
 */
export function checkProof(proof, mine = null) {
  const problems = [];
  const contributions = proof.contributions ?? [];
  const result = { problems, seen: [], contributions: contributions.length, mineMixed: null };
  for (const name of ["deck", "salt"]) {
    if (name in proof) problems.push(problem(`holds_${name}`));
  }
  if (contributions.length) {
    const { committed_at: committed, dealt_at: dealtAt } = proof;
    if (typeof committed !== "number" || typeof dealtAt !== "number") {
      problems.push(problem("no_commitment"));
    } else if (committed > dealtAt) {
      problems.push(problem("committed_late"));
    } else if (new Set(contributions.map((item) => item.seat)).size !== contributions.length) {
      problems.push(problem("seat_twice"));
    }
  }
  if (mine !== null) {
    const seat = proof.seat !== null && proof.seat !== undefined ? proof.seats?.[proof.seat] : undefined;
    result.mineMixed = contributions.some((item) => item.value === mine
      && (seat === undefined || item.seat === seat));
    if (!result.mineMixed) problems.push(problem("mine_missing"));
  }
  problems.push(...checkReveals(proof.commitment, proof.leaves, proof.revealed));
  let dealt;
  try {
    dealt = dealtCards(proof.events, proof.reshuffles ?? [], reshuffleSeed(proof.leaves),
      proof.leaves.length);
  } catch (error) {
    problems.push(problem("order", { reason: error.message }));
    return result;
  }
  // A draw game deals some positions twice (reshuffled discards): none may lie beyond it.
  if (dealt.some((item) => item.position >= proof.leaves.length)) {
    problems.push(problem("too_many"));
    return result;
  }
  const order = mixedOrder(proof.commitment, contributions, proof.leaves.length);
  const committed = new Map(proof.revealed.map((item) => [item.position, item.card]));
  const explained = new Set();
  for (const item of dealt) {
    if (item.card === null) continue;
    const origin = order[item.position];
    explained.add(origin);
    result.seen.push([item.card, item.position, origin]);
    if (committed.get(origin) !== item.card) {
      problems.push(problem("not_proven", { card: item.card, position: item.position, origin }));
    }
  }
  for (const event of proof.events) {
    if (event.type !== "CardsShown") continue;
    const origins = dealt.filter((item) => item.seat === event.seat).map((item) => order[item.position]);
    for (const card of event.cards) {
      const found = origins.filter((position) => committed.get(position) === card);
      if (!found.length) {
        problems.push(problem("not_dealt", { card, seat: event.seat }));
      } else if (!explained.has(found[0])) {
        explained.add(found[0]);
        result.seen.push([card, order.indexOf(found[0]), found[0]]);
      }
    }
  }
  const extra = [...committed.keys()].filter((position) => !explained.has(position))
    .sort((x, y) => x - y);
  if (extra.length) {
    problems.push(problem("revealed", {
      cards: extra.map((position) => committed.get(position)).join(", ") }));
  }
  return result;
}
