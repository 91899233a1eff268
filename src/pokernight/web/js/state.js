// What this browser knows of a table, folded from the versions the server sends.
//
// The server is the authority; this only records what we were told. A snapshot
// replaces everything, every other version is one table event (with ``hand``: the
// hand events it caused, seats indexed like ``HandDealt.seats``; and ``status``:
// the hand's public state after it), or a bare {"v": n} that only counts.

import { handName } from "./hand_words.js";
import { has, t } from "./i18n.js";

/** As many as the server's "last hands" (its ring of hands). */
export const PROOFS_KEPT = 20;

export class TableState {
  constructor(playerId = null) {
    this.playerId = playerId;
    this.version = 0;
    this.settings = {};
    this.upcoming = {};
    this.host = null;
    this.handNumber = 0;
    this.seats = new Map();
    this.seatRequests = new Map(); // player id -> SeatRequested, waiting for the host
    this.rebuyRequests = new Map(); // player id -> RebuyRequested, waiting for the host
    this.removed = new Map(); // player id -> PlayerRemoved: the host let them back, or not yet
    // The last HostChanged this page saw ({host, reason, previous}): why the host is who it is.
    this.hostChange = null;
    // Player id -> name, of everybody seen seated here (a host who left is still named).
    this.names = new Map();
    this.hand = null;
    this.lastHand = null;
    // Hand number -> this player's fairness proof (own down cards included), the last few.
    this.proofs = new Map();
    // Hand number -> the contribution this page sent to its shuffle, the last few (verify.js).
    this.contributions = new Map();
    // The deck committed for the next hand, {hand_number, commitment}, until it is dealt.
    this.nextDeck = null;
    this.running = false;
    // Why play is stopped here for good (a tournament director's alarm), from the server.
    this.stopped = null;
    this.connected = null; // player ids with a page open (null: not told yet)
    this.closing = false; // the host closed the table during a hand: it ends with the hand
    this.closed = false;
    this.chat = [];
    this.invite = null; // the invite link's secret: the server sends it to the host alone
    // Server time minus our time, at least: an event's ``at`` is never in the server's future.
    this.clockOffset = -Infinity;
  }

  /** Fold one versioned message: "applied", "stale" (seen before) or "gap" (must resume). */
  apply(message) {
    if (message.type === "snapshot") {
      this.reset(message);
    } else if (message.v <= this.version) {
      return "stale";
    } else if (message.v !== this.version + 1) {
      return "gap";
    } else {
      this.fold(message);
    }
    this.version = message.v;
    return "applied";
  }

  // Queries ------------------------------------------------------------------------------

  get mySeat() {
    for (const [number, seat] of this.seats) if (seat.player_id === this.playerId) return number;
    return null;
  }

  get isHost() {
    return this.playerId !== null && this.host === this.playerId;
  }

  get status() {
    return this.hand?.status ?? null;
  }

  get legal() {
    const legal = this.status?.legal;
    return legal && legal.seat === this.mySeat ? legal : null;
  }

  /** Index of a table seat in the hand (events and status are indexed this way), or -1. */
  handIndex(seat, hand = this.hand) {
    return hand ? hand.seats.indexOf(seat) : -1;
  }

  nameOfHandSeat(index, hand = this.hand) {
    if (index === null || index === undefined) return t("table.panel.the_board");
    const seat = hand?.seats[index];
    return hand?.names?.[index] ?? this.seats.get(seat)?.name
      ?? t("table.hs.seat_lower", { number: seat + 1 });
  }

  serverNow() {
    const offset = Number.isFinite(this.clockOffset) ? this.clockOffset : 0;
    return Date.now() / 1000 + offset;
  }

  // Folding ------------------------------------------------------------------------------

  noteServerTime(at) {
    if (typeof at === "number") this.clockOffset = Math.max(this.clockOffset, at - Date.now() / 1000);
  }

  reset(snapshot) {
    const { table, room, hand } = snapshot;
    this.settings = table.settings;
    this.upcoming = table.upcoming_settings;
    this.host = table.host;
    this.handNumber = table.hand_number;
    this.seats = new Map(table.seats.map((seat) => [seat.seat, { ...seat }]));
    this.noteNames();
    this.seatRequests = new Map((table.seat_requests ?? []).map((asked) => [asked.player_id, asked]));
    this.rebuyRequests = new Map((table.rebuy_requests ?? []).map((asked) => [asked.player_id, asked]));
    this.removed = new Map((table.removed ?? []).map((gone) => [gone.player_id, gone]));
    this.running = room.running;
    this.stopped = stoppedWords(room);
    this.rabbitHunt = table.rabbit_hunt ?? false;
    this.nextGame = table.next_game ?? null;
    this.blindClock = table.blind_clock ?? null;
    this.chat = [...room.chat];
    this.nextDeck = snapshot.next_deck ?? null;
    this.hand = null;
    if (hand) {
      this.hand = this.newHand({ ...hand, hand_number: hand.hand_number });
      for (const item of hand.events) this.foldHandEvent(this.hand, item);
      this.hand.folded = [...hand.folded];
      this.setStatus(this.hand, hand.status);
    }
  }

  newHand(started) {
    return {
      number: started.hand_number,
      variant: started.variant,
      betting: started.betting,
      stakes: started.stakes,
      seats: started.seats,
      button: started.button,
      names: started.seats.map((seat) => this.seats.get(seat)?.name
        ?? t("table.hs.seat_lower", { number: seat + 1 })),
      stacksBefore: started.stacks ?? null,
      cards: started.seats.map(() => []),
      board: [],
      folded: started.seats.map(() => false),
      lastActions: started.seats.map(() => null),
      shown: new Map(),
      // Hand seat -> the five cards that make its shown hand, as the server names them.
      best: new Map(),
      awards: [],
      wildHistory: [],
      street: "",
      events: [],
      status: null,
      wildRanks: [],
      rabbit: [], // the board it would have dealt, once somebody hunted it: never dealt
      firstBoard: null, // run twice: the first run's board (``board`` is the second's)
      secondBoard: [], // a double board's second board
      doubleBoard: false,
      // Run twice: each seat's hand and winning cards on the second board, as the server named them.
      shownSecond: new Map(),
      bestSecond: new Map(),
      bombPot: 0,
      ended: false,
    };
  }

  fold(event) {
    this.noteServerTime(event.at);
    // The seats as the server keeps them, flags and all: nothing about a seat is worked out here.
    if (event.seated) {
      this.seats = new Map(event.seated.map((seat) => [seat.seat, seat]));
      this.noteNames();
    }
    if ("rabbit_hunt" in event) this.rabbitHunt = event.rabbit_hunt;  // the server's fact
    if ("next_game" in event) this.nextGame = event.next_game;  // so is the next hand's game
    if ("blind_clock" in event) this.blindClock = event.blind_clock;  // and the blind levels' times
    switch (event.type) {
      case "TableOpened":
        this.settings = event.settings;
        this.upcoming = event.settings;
        this.host = event.host;
        break;
      case "SettingsChanged":
        this.upcoming = event.settings;
        break;
      case "PlayerSeated":
        this.seatRequests.delete(event.player_id);
        break;
      case "SeatRequested":
        this.seatRequests.set(event.player_id, event);
        break;
      case "SeatDeclined":
        this.seatRequests.delete(event.player_id);
        break;
      case "RebuyRequested":
        this.rebuyRequests.set(event.player_id, event);
        break;
      case "RebuyDeclined":
        this.rebuyRequests.delete(event.player_id);
        break;
      case "ChipsAdded":
      case "ChipsQueued":
      case "PlayerLeft": {
        // The chips came (approved, or the host's own): no request of that seat is open.
        const seat = [...this.rebuyRequests.values()].find((asked) => asked.seat === event.seat);
        if (seat) this.rebuyRequests.delete(seat.player_id);
        break;
      }
      case "PlayerRemoved":
        this.removed.set(event.player_id, event);
        break;
      case "PlayerLetBack":
        this.removed.delete(event.player_id);
        break;
      case "HostChanged":
        this.host = event.host;
        this.hostChange = { host: event.host, reason: event.reason ?? "", previous: event.previous ?? null };
        break;
      case "DeckCommitted":
        this.nextDeck = { hand_number: event.hand_number, commitment: event.commitment };
        break;
      case "HandDealt":
        this.nextDeck = null;
        this.settings = this.upcoming;
        this.handNumber = event.hand_number;
        this.hand = this.newHand(event);
        break;
      case "HandFinished":
        this.finish(event);
        break;
      case "CardsShownByChoice":
        this.showByChoice(event);
        break;
      case "RabbitHunted":
        this.showRabbit(event);
        break;
      case "CloseRequested":
        this.closing = true;
        break;
      case "TableClosed":
        this.closing = false;
        this.closed = true;
        break;
      default:
        break;
    }
    if (this.hand) {
      for (const item of event.hand ?? []) {
        // The clock's move is the server's PlayerActed fact; its hand event does not say it
        // (an all-in it does: ``all_in``).
        if (event.timed_out && item.type === "ActionTaken") item.timed_out = true;
        this.foldHandEvent(this.hand, item);
      }
      if (event.status) this.setStatus(this.hand, event.status);
    }
  }

  setStatus(hand, status) {
    hand.status = status;
    // Who folded is the server's fact (kept past the end of the hand, for the last hand's felt).
    if (status?.folded) hand.folded = [...status.folded];
    // Kept past the end of the hand: the showdown is read with the last wild ranks.
    hand.wildRanks = status?.wild_ranks ?? hand.wildRanks ?? [];
  }

  finish(event) {
    if (event.fairness) this.keepProof(event.fairness);
    if (!this.hand) return;
    this.hand.ended = true;
    this.hand.status = null;
    this.lastHand = this.hand;
    this.hand = null;
  }

  /** A player showed the last hand's cards after it ended (all, or some of them): face up
   * on the felt, the others left as they were (the dealer's line is the server's). */
  showByChoice(event) {
    const hand = this.lastHand;
    const index = hand && hand.number === event.hand_number ? hand.seats.indexOf(event.seat) : -1;
    if (index >= 0) {
      const dealt = hand.cards[index];
      const mine = event.cards.every((card) => dealt.some((item) => item.card === card));
      // Somebody else's: the shown cards take the places of as many face-down backs.
      const left = [...event.cards];
      hand.cards[index] = dealt.map((item) => {
        if (mine) return event.cards.includes(item.card) ? { card: item.card, up: true } : item;
        return item.card === null && left.length ? { card: left.shift(), up: true } : item;
      });
      hand.shown.set(index, hand.shown.get(index) ?? "");
    }
  }

  /** The board the last hand would have dealt, hunted: beside its board (the dealer's line
   * is the server's). */
  showRabbit(event) {
    const hand = this.lastHand;
    if (hand && hand.number === event.hand_number) hand.rabbit = event.streets.flat();
  }

  nameOf(seat) {
    return this.seats.get(seat)?.name ?? t("table.seat_number", { number: seat + 1 });
  }

  noteNames() {
    for (const seat of this.seats.values()) this.names.set(seat.player_id, seat.name);
  }

  keepProof(proof) {
    keepLast(this.proofs, proof.hand_number, proof);
  }

  keepContribution(handNumber, value) {
    keepLast(this.contributions, handNumber, value);
  }

  foldHandEvent(hand, item) {
    hand.events.push(item);
    switch (item.type) {
      case "HandStarted":
        hand.bombPot = item.bomb_pot ?? 0;  // every player's ante, no blinds, straight to the flop
        hand.doubleBoard = Boolean(item.double_board);  // two boards, each for half of every pot
        break;
      case "StreetStarted":
        hand.street = item.name;
        hand.lastActions = hand.seats.map(() => null);
        break;
      case "CardsDealt":
        if (item.seat === null) {
          (item.board ? hand.secondBoard : hand.board).push(...item.cards);
        } else {
          const dealt = item.cards.length
            ? item.cards.map((card) => ({ card, up: item.face_up }))
            : Array.from({ length: item.hidden }, () => ({ card: null, up: false }));
          hand.cards[item.seat].push(...dealt);
        }
        break;
      case "CardsShown": {
        const before = hand.cards[item.seat];
        hand.cards[item.seat] = item.cards.map((card, i) => ({ card, up: before[i]?.up ?? false }));
        const [shown, best] = item.board ? [hand.shownSecond, hand.bestSecond] : [hand.shown, hand.best];
        shown.set(item.seat, handName(item));
        if (item.best?.length) best.set(item.seat, item.best);
        break;
      }
      case "RunsChosen":
        hand.lastActions[item.seat] = { kind: "runs", runs: item.runs };
        break;
      case "SecondRunStarted":
        // The server says how many board cards the two runs share.
        hand.firstBoard = [...hand.board];
        hand.board = hand.board.slice(0, item.shared);
        hand.street = "second run";
        break;
      case "ActionTaken":
        hand.lastActions[item.seat] = item;
        break;
      case "CardsDrawn": {
        // Our own draw names the cards thrown and drawn; another seat's keeps its count of
        // face-down cards as it was.
        if (item.discarded?.length || item.drawn?.length) {
          const thrown = new Set(item.discarded);
          hand.cards[item.seat] = [
            ...hand.cards[item.seat].filter(({ card }) => !thrown.has(card)),
            ...item.drawn.map((card) => ({ card, up: false })),
          ];
        }
        hand.lastActions[item.seat] = { kind: "draw", count: item.count };
        break;
      }
      case "BringInPosted":
        hand.lastActions[item.seat] = { kind: "bring_in", amount: item.amount };
        break;
      case "WildRankChanged":
        hand.wildHistory.push(item);
        break;
      case "PotAwarded":
        hand.awards.push(item);
        break;
      case "HandEnded":
        hand.ended = true;
        break;
      default:
        break;
    }
  }
}

/** Each board of the hand: one, or the first run's and the second's when run twice. */
export function boardsOf(hand) {
  if (hand.firstBoard) return [hand.firstBoard, hand.board];
  return hand.doubleBoard ? [hand.board, hand.secondBoard] : [hand.board];
}

/** ``map`` with ``key`` set, and no more than the last PROOFS_KEPT keys. */
function keepLast(map, key, value) {
  map.set(key, value);
  for (const old of map.keys()) {
    if (map.size <= PROOFS_KEPT) break;
    map.delete(old);
  }
}

/** Why play stopped here for good (the room's ``stopped``), in the page's language: the
 * server sends its code and params beside its English (table.stopped.<code>); a code the
 * catalogue lacks shows the English. Null: play was not stopped. */
export function stoppedWords(room) {
  if (!room.stopped) return null;
  const key = `table.stopped.${room.stopped_code}`;
  return room.stopped_code && has(key) ? t(key, room.stopped_params ?? {}) : room.stopped;
}
