// The stream view (/stream.html#1234): large type, public cards only (it connects as a
// spectator, so the server never sends it a hidden card), for OBS or Discord.

import { botBadge, botOf } from "./bot_badge.js";
import { cardElement, rankOf } from "./cards.js";
import { Connection } from "./connection.js";
import { $, chips, h, sentence } from "./dom.js";
import { applyFelt } from "./felt.js";
import { actionWords, awardWords } from "./narrate.js";
import { wildPanel } from "./panels.js";
import { RecapPanel } from "./recap.js";
import { gameName, gameOf, loadGames } from "./games.js";
import { t } from "./i18n.js";
import { TableState, boardsOf } from "./state.js";

const code = location.hash.slice(1);
const state = new TableState(null);
const root = $("#stream");
const banner = $("#banner");
const recapPanel = new RecapPanel(code);

function seatElement(seat, hand) {
  const index = hand ? state.handIndex(seat.seat, hand) : -1;
  const status = state.hand?.status;
  const inHand = index >= 0;
  const stack = inHand && status ? status.stacks[index] : seat.stack;
  const bet = inHand && status ? status.bets[index] : 0;
  const folded = inHand && hand.folded[index];
  const won = inHand && hand.awards.some((award) => award.winners.some(([s]) => s === index));
  const wild = new Set(hand && gameOf(hand.variant)?.wild_cards ? hand.wildRanks : []);
  const last = inHand && !hand.ended && !folded ? hand.lastActions[index] : null;
  // The dealer button where the game has one, and each bet in the chips' own colour: a
  // stream watcher follows the action without the felt (issue 31).
  const button = hand && hand.button === seat.seat && gameOf(hand.variant)?.button;
  const classes = ["stream-seat", status?.to_act === seat.seat && "turn", folded && "folded", won && "winner"];
  return h("div", { class: classes.filter(Boolean).join(" "), dataset: { seat: seat.seat } },
    h("div", { class: "who" },
      h("span", {}, button ? h("span", { class: "dealer", "aria-label": t("rooms.stream.dealer_button") },
        t("rooms.stream.dealer")) : null, botBadge(botOf(seat)), h("span", { translate: "no" }, seat.name)),
      h("span", { class: "stack" }, chips(stack))),
    inHand ? h("div", { class: "cards" }, hand.cards[index].map(({ card }) =>
      cardElement(card, { wild: card !== null && wild.has(rankOf(card)) }))) : null,
    bet ? h("div", { class: "bet", "aria-label": t("rooms.stream.bet_label", { amount: bet }) },
      t("rooms.stream.bet", { amount: chips(bet) })) : null,
    h("div", { class: "muted" }, [last ? actionWords(last) : "", folded ? t("rooms.stream.folded") : "",
      seat.sitting_out ? t("rooms.stream.sitting_out") : ""].filter(Boolean).join(" \u00b7 ")));
}

/** The host's stream delay, as this page was sent it (the server holds what it sends here:
 * decision 68); nothing when the stream is live. */
function delayNote(settings) {
  const seconds = settings?.stream_delay_seconds, actions = settings?.stream_delay_actions;
  if (!seconds && !actions) return null;
  const words = seconds ? t("rooms.stream.delayed_seconds", { count: seconds })
    : t("rooms.stream.delayed_actions", { count: actions });
  return h("div", { class: "muted stream-delay", id: "stream-delay" }, words);
}

function render() {
  const hand = state.hand ?? state.lastHand;
  const status = state.hand?.status;
  const name = (index) => state.nameOfHandSeat(index, hand);
  const parts = [
    h("h1", {}, t("rooms.stream.table", { code }),
      ` \u00b7 ${gameName(hand?.variant ?? state.settings.variant)}`,
      hand ? ` \u00b7 ${t("rooms.stream.hand", { number: hand.number })}` : "",
      state.hand?.bombPot ? h("span", { class: "bomb-pot", id: "bomb-pot" },
        t("rooms.stream.bomb_pot", { amount: chips(state.hand.bombPot) })) : null),
    delayNote(state.upcoming ?? state.settings),
    wildPanel(state, { large: true }),
    ...(hand ? boardsOf(hand) : []).filter((board) => board.length).map((board, run, all) =>
      h("div", { class: "board", role: "group", "aria-label": all.length > 1
        ? t("rooms.stream.board_of", { number: run + 1 }) : t("rooms.stream.board") },
        board.map((card) => cardElement(card)))),
    status ? h("div", { class: "pot" }, t("rooms.stream.pot", { amount: chips(status.pot) })) : null,
    ...(hand?.awards ?? []).map((award) => h("div", { class: "award" },
      awardWords(award, name, boardsOf(hand).length > 1))),
    h("div", { class: "stream-seats" }, [...state.seats.values()].map((seat) => seatElement(seat, hand)))];
  // The night's recap, once the host has closed the table.
  if (state.closed) {
    recapPanel.show();
    parts.unshift(recapPanel.element);
  }
  root.replaceChildren(...parts.filter(Boolean));
}

function setBanner(text, kind = "info") {
  banner.textContent = text ?? "";
  banner.hidden = !text;
  banner.className = `banner ${kind}`;
}

applyFelt();
if (!/^\d{4}$/.test(code)) {
  setBanner(t("rooms.stream.open_with_code"), "error");
} else {
  document.title = t("rooms.stream.page_title", { code });
  // The games first: the view draws each from the server's facts about it.
  loadGames().then(() => {
    new Connection(code, null, state, {
      changed: render,
      status: setBanner,
      chat: () => {},
      fatal: (reason) => setBanner(sentence(reason), "error"),
    }).open();
    render();
  }, (failure) => setBanner(t("rooms.stream.unreachable", { reason: failure.message }), "error"));
}
