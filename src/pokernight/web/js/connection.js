// The WebSocket half of the protocol: hello, versions in order, intents with acks,
// and resuming by itself after a drop with the last version it saw.

import { t } from "./i18n.js";
import { refusalWords } from "./refusal.js";
import { stoppedWords } from "./state.js";

const CLOSE_NO_TABLE = 4404;
const CLOSE_BAD_HELLO = 4400;
const RETRY_DELAYS_MS = [300, 1000, 2000, 4000];
const CLOSE_TOO_MANY = 4429;
// This page's run (its "session" in the hello): the server knows a resent intent by
// the player, the session and the id, so a reload, which counts ids from 1 again,
// is never taken for a resend. The ids are counted for the whole session, not per
// connection: a table screen built again (back from a replay, a tournament's player
// moved) opens a new connection in the same session, and ids counted from 1 again
// were taken for resends of the old screen's and silently not carried out (issue 31).
const SESSION = Math.random().toString(36).slice(2, 10);
let requestsSent = 0;

/** The next request id of this session: never the same twice while the page lives. */
export function nextRequestId() {
  requestsSent += 1;
  return `${SESSION}-${requestsSent}`;
}

export class Connection {
  /**
   * ``listener``: {changed(message), status(text|null), chat(line), fatal(reason)};
   * ``device``: a club member's device token, for a seat reached by it (no seat token).
   */
  constructor(code, token, state, listener, device = null) {
    this.code = code;
    this.token = token;
    this.device = device; // a club member's device: their seat here when there is no token
    this.state = state;
    this.listener = listener;
    this.socket = null;
    this.pending = new Map();
    this.attempt = 0;
    this.closed = false;
    this.welcomed = false;
    this.retryAfterMs = 0;
    // The words of the last refusal that came with no request (a hello refused): the
    // close after it carries the same in English.
    this.refused = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/ws/${this.code}`);
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => {
      const hello = { type: "hello", protocol: 1, last_seq: this.state.version, session: SESSION };
      if (this.token) hello.token = this.token;
      else if (this.device) hello.device = this.device;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (frame) => this.receive(JSON.parse(frame.data));
    socket.onclose = (event) => this.closedBy(event);
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }

  /** Send an intent; resolves on its ack, rejects with the server's reason. */
  send(intent) {
    const id = nextRequestId();
    const message = { ...intent, id };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { message, resolve, reject, resent: false });
      if (this.welcomed) this.socket.send(JSON.stringify(message));
    });
  }

  receive(message) {
    // An ack carries "v" too (the version its intent reached) but is not a version.
    if ("v" in message && message.type !== "ack") {
      const outcome = this.state.apply(message);
      if (outcome === "gap") {
        this.socket.close(); // resume from the last version we hold
        return;
      }
      if (outcome === "applied") this.listener.changed(message);
      return;
    }
    switch (message.type) {
      case "welcome":
        this.welcomed = true;
        this.attempt = 0;
        this.refused = null;
        this.state.playerId = message.player_id;
        this.state.invite = message.invite ?? null;
        this.listener.status(null);
        // Resending is safe: the server applies an id once.
        for (const entry of this.pending.values()) {
          entry.resent = true;
          this.socket.send(JSON.stringify(entry.message));
        }
        break;
      case "ack":
        // "Done already" is the answer a resend expects; to a request sent once it means
        // the room did nothing now, and the player must hear it rather than wait.
        this.settle(message.ref, (entry) => (message.duplicate && !entry.resent
          ? entry.reject(new Error(t("common.duplicate_request")))
          : entry.resolve(message)));
        break;
      case "error":
        // Too many connections from this address: the close that follows waits this long.
        if (message.retry_after) this.retryAfterMs = message.retry_after * 1000;
        if (message.ref !== null && this.pending.has(message.ref)) {
          this.settle(message.ref, (entry) => entry.reject(new Error(refusalWords(message))));
        } else {
          this.refused = refusalWords(message);
          this.listener.fatal(this.refused);
        }
        break;
      case "chat":
        this.state.noteServerTime(message.at);
        this.state.chat.push(message);
        this.listener.chat(message);
        break;
      case "room": // dealing or paused, and the chat so far: after a resume, and on a change
        this.state.running = message.running;
        this.state.stopped = stoppedWords(message);
        this.state.chat = [...message.chat];
        this.listener.chat();
        this.listener.changed(message);
        break;
      case "invite": // this player has just become the host
        this.state.invite = message.invite;
        this.listener.changed(message);
        break;
      case "presence":
        this.state.connected = new Set(message.connected);
        this.listener.changed(message);
        break;
      default:
        break;
    }
  }

  settle(ref, how) {
    const entry = this.pending.get(ref);
    if (!entry) return;
    this.pending.delete(ref);
    how(entry);
  }

  closedBy(event) {
    if (this.closed) return;
    if (event.code === CLOSE_NO_TABLE || event.code === CLOSE_BAD_HELLO) {
      this.closed = true;
      this.listener.fatal(this.refused ?? (event.reason || t("common.connection_refused")));
      return;
    }
    this.listener.status(t("common.reconnecting"));
    let delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)];
    if (event.code === CLOSE_TOO_MANY) delay = Math.max(delay, this.retryAfterMs ?? 0);
    this.attempt += 1;
    setTimeout(() => this.open(), delay);
  }
}
