// One table in the browser: the connection, the felt, the action bar and the panels,
// redrawn from the folded state after every version.

import { ActionBar } from "./action_bar.js";
import { TurnAlerts } from "./alerts.js";
import { blindClockWords } from "./blind_clock.js";
import { Connection } from "./connection.js";
import { chips, h, sentence, wordsWith } from "./dom.js";
import { t } from "./i18n.js";
import { HostPanel, LedgerPanel } from "./host_panel.js";
import { TableKeys } from "./keyboard.js";
import { Chat, HandLog, LastHands, shufflePanel, wildPanel } from "./panels.js";
import { newContribution } from "./verify.js";
import { RecapPanel } from "./recap.js";
import { SeatControls, buyInDialog, joinForm } from "./seat_controls.js";
import { StatsPanel } from "./stats_panel.js";
import { deviceToken, savedSeat } from "./session.js";
import { play } from "./sound.js";
import { Spoken } from "./spoken.js";
import { gameName, isStud } from "./games.js";
import { TableState } from "./state.js";
import { TableView } from "./table_view.js";
import { WinnerAnnouncement } from "./winner.js";

const SPINNER_AFTER_MS = 400;
const CLOCK_TICK_MS = 250;
const CLOCK_WARNING_SECONDS = 8; // a double beep when your own clock is nearly out

/** "Dealer's choice · next: Omaha", at a table whose games take turns (the next hand's
 * game is the server's fact); nothing at a table of one game. */
function dealersChoice(state) {
  if (!(state.upcoming?.dealers_choice ?? []).length) return "";
  return h("span", { class: "dealers-choice", id: "dealers-choice" }, state.nextGame
    ? t("table.dealers_choice_next", { game: gameName(state.nextGame) })
    : t("table.dealers_choice"));
}

export class TablePage {
  /** ``seat``: the player's id and token here, when the page has them from elsewhere (a
   * tournament's entrant); else the seat this browser saved for the table, if any.
   * ``tournament``: a tournament's table, where the director seats everybody and chips
   * are never bought: no invite, no chips to add, no standing up, no ledger. */
  constructor(root, code, banner, invite = null, seat = null, tournament = false) {
    this.code = code;
    this.invite = invite;
    this.banner = banner;
    this.seat = seat ?? savedSeat(code);
    this.tournament = tournament;
    this.state = new TableState(this.seat?.player_id ?? null);
    this.connection = new Connection(code, this.seat?.token ?? null, this.state, {
      changed: (message) => this.changed(message),
      status: (text) => this.setBanner(text),
      chat: () => this.renderChat(),
      fatal: (reason) => this.setBanner(sentence(reason), "error"),
    }, this.seat?.device ? deviceToken() : null);
    const send = (intent) => this.send(intent);
    this.view = new TableView(h("div", { class: "felt", id: "felt" }), {
      onSit: (seat) => buyInDialog(code, this.state, seat, send),
    });
    this.actionBar = new ActionBar(send);
    this.seatControls = new SeatControls(code, send, { tournament });
    this.hostPanel = new HostPanel(code, send);
    this.ledger = new LedgerPanel(code);
    this.stats = new StatsPanel(code);
    this.handLog = new HandLog();
    this.lastHands = new LastHands(code, this.state.proofs, this.state.contributions,
      this.seat?.token ?? null);
    this.chat = new Chat(send);
    this.alerts = new TurnAlerts(code);
    this.winner = new WinnerAnnouncement();
    this.recap = new RecapPanel(code);
    this.spoken = new Spoken();
    this.tableKeys = new TableKeys(this.state, this.spoken, this.actionBar, this.hostPanel);
    this.title = h("div", { class: "table-title" });
    // The blind level and the time to the next, ticking with the seat clock.
    this.blindClock = h("span", { class: "blind-clock", id: "blind-clock", hidden: true });
    this.wildHolder = h("div", { class: "wild-holder" });
    this.results = h("div", { class: "results" });
    this.spectatorArea = h("div", { class: "spectator-area" });
    this.askedNote = h("p", { class: "note", role: "status", id: "seat-request-note" });
    this.tableNote = h("p", { class: "note table-note", role: "status", id: "table-note" });
    const links = h("p", { class: "links" },
      tournament ? null : [wordsWith("table.invite_with_code", {}, {
        code: h("strong", { class: "code", translate: "no" }, code) }), " \u00b7 "],
      h("a", { href: `/stream.html#${code}`, target: "_blank", rel: "noopener" },
        t("table.stream_view_link")));
    root.replaceChildren(h("div", { class: "table-page" },
      h("div", { class: "play" }, this.title, this.wildHolder,
        h("div", { class: "felt-wrap" }, this.view.root, this.winner.element), this.results,
        this.tableNote, this.recap.element, this.actionBar.element, this.seatControls.element, this.askedNote,
        this.spectatorArea,
        links, this.spoken.element),
      h("aside", { class: "side" }, this.hostPanel.element, this.handLog.element,
        this.chat.element, this.lastHands.element, shufflePanel(),
        tournament ? null : this.ledger.element, // tournament chips are not money
        this.stats.element)));
    this.connection.open();
    this.setBanner(t("common.connecting"));
    this.timer = setInterval(() => this.tickClock(), CLOCK_TICK_MS);
    this.lastHands.refresh();
    this.render();
  }

  close() {
    clearInterval(this.timer);
    this.actionBar.close();
    this.tableKeys.close();
    this.connection.close();
    // An intent still unanswered never will be: its spinner goes with the page (a
    // tournament's player moved to another table keeps the document).
    document.body.classList.remove("busy");
  }

  /** Send an intent; a spinner shows if the answer is slow. */
  send(intent) {
    const spinner = setTimeout(() => document.body.classList.add("busy"), SPINNER_AFTER_MS);
    return this.connection.send(intent).finally(() => {
      clearTimeout(spinner);
      document.body.classList.remove("busy");
    });
  }

  setBanner(text, kind = "info") {
    this.banner.textContent = text ?? "";
    this.banner.hidden = !text;
    this.banner.className = `banner ${kind}`;
    document.body.classList.toggle("connecting", kind === "info" && Boolean(text));
  }

  /** The seat clock moves; your own, nearly out, warns you once a turn. */
  tickClock() {
    this.tickBlindClock();
    const left = this.view.tick(this.state);
    const mine = this.state.legal !== null;
    this.alerts.tick(this.state, mine ? left : null, CLOCK_WARNING_SECONDS);
  }

  /** The blind level, from the server's timetable, at the server's time now. */
  tickBlindClock() {
    const words = blindClockWords(this.state.blindClock, this.state.serverNow());
    if (this.blindClock.textContent !== words) this.blindClock.textContent = words;
    this.blindClock.hidden = !words;
  }

  changed(message) {
    this.contribute();
    // The host hears a request: somebody waits for their one tap.
    if ((message.type === "SeatRequested" || message.type === "RebuyRequested") && this.state.isHost) {
      play("chat");
    }
    if (message.type === "PlayerActed" && message.seat !== this.state.mySeat
      && message.hand?.some((item) => item.type === "ActionTaken" && item.amount)) play("bet");
    if (message.type === "HandFinished") {
      this.lastHands.refresh();
      if (this.state.lastHand?.awards.some((a) => a.winners.some(([i]) =>
        this.state.lastHand.seats[i] === this.state.mySeat))) play("win");
    }
    if (message.type === "snapshot" && message.room) {
      this.renderChat();
    }
    if (message.type === "TableClosed") {
      this.ledger.refresh();
      this.stats.refresh();
    }
    this.render(message.type !== "snapshot");
    this.spoken.hear(message, this.state);
  }

  /** Seated, this page adds its own random bytes to the shuffle of the hand whose deck the
   * server has committed to and not dealt yet: once, as soon as it knows of the deck and
   * has a seat (it may sit down during the pause). */
  contribute() {
    const state = this.state;
    const deck = state.nextDeck;
    if (!deck || state.mySeat === null || state.contributions.has(deck.hand_number)) return;
    const value = newContribution();
    state.keepContribution(deck.hand_number, value);
    // Refused or lost, it changes nothing: the hand is dealt without it, and its check says so.
    this.connection.send({ type: "contribute", hand_number: deck.hand_number,
      commitment: deck.commitment, value }).catch(() => {});
  }

  /** ``live``: drawn for a version just played (a snapshot's cards and result are not new). */
  render(live = false) {
    const state = this.state;
    const settings = state.settings;
    // The hand's own game and stakes (dealer's choice plays each game at its own stakes).
    const hand = state.hand ?? state.lastHand;
    const variant = hand?.variant ?? settings.variant;
    const game = gameName(variant);
    const stakes = hand?.stakes ?? settings.stakes ?? {};
    const stakesWords = isStud(variant)
      ? t("table.stakes_stud", { ante: stakes.ante, bring_in: stakes.bring_in })
      : `${chips(stakes.small_blind)}/${chips(stakes.big_blind)}`;
    this.title.replaceChildren(h("h1", {}, t("table.table_code", { code: String(this.code) })),
      h("span", { class: "game" }, `${game} \u00b7 ${stakesWords}`),
      dealersChoice(state),
      this.blindClock,
      h("span", { class: "hand-number" },
        state.hand ? t("table.hand_number", { number: String(state.hand.number) }) : ""),
      ...(state.hand?.bombPot ? [h("span", { class: "bomb-pot", id: "bomb-pot" },
        t("table.bomb_pot_each", { amount: state.hand.bombPot }))] : []));
    this.tickBlindClock();
    const wild = wildPanel(state);
    this.wildHolder.replaceChildren(...(wild ? [wild] : []));
    const joined = state.playerId !== null;
    const mine = state.mySeat;
    const asked = joined ? state.seatRequests.get(state.playerId) : undefined;
    this.askedNote.textContent = asked && mine === null
      ? t("table.asked_for_seat", { number: asked.seat + 1 }) : "";
    this.tableNote.textContent = state.closed && this.tournament
      ? t("table.closed_tournament")
      : state.closed ? t("table.closed_by_host")
      : state.closing ? t("table.closing") : "";
    // The night's recap, when the table is closed (a tournament's table has none).
    if (state.closed && !this.tournament) this.recap.show();
    // Not before the table itself has come (the welcome comes first): a seat's buy-in is
    // offered from the table's settings, which an empty state does not have.
    const known = state.version > 0;
    // The host removed this player: the table says so (and why); no seat is offered.
    const removed = joined ? state.removed.get(state.playerId) : undefined;
    // A tournament's director seats its players: nobody picks a seat there.
    const canSit = known && joined && mine === null && !asked && !removed && !state.closed
      && !this.tournament;
    this.view.render(state, { canSit, animate: live });
    this.winner.render(state, { live });
    this.results.replaceChildren(...[this.view.results(state)].filter(Boolean));
    const index = mine === null ? -1 : state.handIndex(mine);
    const inHand = index >= 0 && !state.hand.folded[index];
    // Your turn: the server sent this seat its legal actions (alerts.js tells it everywhere).
    this.alerts.render(state, this.actionBar.update(state, inHand));
    this.seatControls.render(state);
    this.hostPanel.render(state);
    this.handLog.render(state);
    this.renderSpectator(joined, mine, { asked: Boolean(asked), removed });
    document.body.dataset.myTurn = String(state.legal !== null);
    document.body.dataset.version = String(state.version);
  }

  /** ``asked``: the player waits for the host to seat them (the note above says so, and
   * there is no other seat to pick meanwhile); ``removed``: the host removed them. */
  renderSpectator(joined, mine, { asked, removed }) {
    if (removed && mine === null) {
      this.spectatorArea.replaceChildren(h("p", { class: "note", id: "removed-note" },
        t("table.removed_you", { reason: removed.reason })));
    } else if (!joined) {
      if (!this.spectatorArea.firstChild) {
        this.spectatorArea.replaceChildren(h("p", {}, t("table.you_are_watching")),
          joinForm(this.code, this.invite));
      }
    } else if (mine === null && !asked && !this.state.closed) {
      this.spectatorArea.replaceChildren(h("p", { class: "hint" }, t("table.pick_a_seat")));
    } else {
      this.spectatorArea.replaceChildren();
    }
  }

  renderChat() {
    this.chat.render(this.state.chat, this.state.playerId !== null);
    if (this.state.chat.length) play("chat");
  }
}
