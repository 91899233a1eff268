// The side panels everybody sees: this hand in words, the last hands, the chat, how we
// shuffle, and the wild cards of Follow the Queen (always in view, in pink).

import * as api from "./api.js";
import { cardElement, cardText, rankPlural, withCardFaces } from "./cards.js";
import { chips, h, sentence, wordsWith } from "./dom.js";
import { describeEvent, wildWords } from "./narrate.js";
import { gameName, gameOf, isStud } from "./games.js";
import { has, t } from "./i18n.js";
import { replayHash } from "./replay_link.js";
import { checkProof } from "./verify.js";

/** The hand's events in words, each action as the server named it (``says``, ``all_in``). */
export function handLines(events, name) {
  const twoBoards = events.some((item) => item.type === "SecondRunStarted"
    || (item.type === "HandStarted" && item.double_board));
  const stud = events.some((item) => item.type === "HandStarted" && isStud(item.variant));
  return events.map((item) => describeEvent(item, name, twoBoards, stud)).filter(Boolean);
}

export class HandLog {
  constructor() {
    // Focusable: it scrolls, and a keyboard scrolls only what it can reach.
    this.list = h("ol", { class: "log", "aria-live": "off", tabindex: 0, "aria-labelledby": "log-title" });
    this.element = h("section", { class: "panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("table.panel.this_hand")), this.list);
  }

  render(state) {
    const hand = state.hand ?? state.lastHand;
    if (!hand) {
      this.list.replaceChildren(h("li", { class: "muted" }, t("table.panel.no_hand_yet")));
      return;
    }
    const name = (index) => state.nameOfHandSeat(index, hand);
    const title = t("table.panel.hand_title", { number: String(hand.number),
      game: gameName(hand.variant) });
    this.list.replaceChildren(h("li", { class: "muted" }, title),
      ...handLines(hand.events, name).map((line) => h("li", {}, line)));
    this.list.scrollTop = this.list.scrollHeight;
  }
}

export class LastHands {
  /** ``proofs``: hand number -> this player's own fairness proof (fuller than the public one);
   * ``contributions``: hand number -> what this page sent to its shuffle. */
  constructor(code, proofs = new Map(), contributions = new Map(), token = null) {
    this.code = code;
    this.token = token;
    this.proofs = proofs;
    this.contributions = contributions;
    this.list = h("div", { class: "hands" });
    this.error = h("p", { class: "error", role: "alert" });
    this.element = h("section", { class: "panel", "aria-labelledby": "hands-title" },
      h("h2", { id: "hands-title" }, t("table.panel.last_hands")), this.list, this.error);
  }

  async refresh() {
    try {
      const { hands } = await api.lastHands(this.code, this.token);
      this.list.replaceChildren(...hands.slice().reverse().map((hand) => this.handElement(hand)));
      if (!hands.length) {
        this.list.replaceChildren(h("p", { class: "muted" }, t("table.panel.no_hand_finished")));
      }
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }

  handElement(hand) {
    const name = (index) => (index === null ? t("table.panel.the_board") : hand.names[index]);
    const net = hand.stacks_after.map((after, i) => [hand.names[i], after - hand.stacks_before[i]]);
    const winners = net.filter(([, delta]) => delta > 0)
      .map(([who, delta]) => `${who} +${chips(delta)}`).join(", ");
    const facts = [t("table.panel.pot_amount", { amount: hand.pot ?? 0 }),
      hand.showdown ? t("table.panel.showdown") : null].filter(Boolean);
    // All in with cards to come: what each could expect by their equity (decision 67).
    const expected = (hand.expected ?? []).some((value, i) => value !== net[i][1])
      ? h("p", { class: "hand-expected muted" }, t("table.panel.all_in_expected", {
        list: net.map(([who], i) =>
          `${who} ${hand.expected[i] > 0 ? "+" : ""}${chips(hand.expected[i])}`).join(", ") }))
      : "";
    const game = `#${hand.hand_number} ${gameName(hand.variant)}`;
    return h("div", { class: "hand-row" },
      h("details", { class: "hand" },
        h("summary", {}, winners ? `${game} \u2014 ${winners}` : game),
        h("p", { class: "hand-facts muted" }, `${hand.names.join(", ")} \u00b7 ${facts.join(" \u00b7 ")}`),
        expected,
        h("ol", { class: "log", tabindex: 0 }, handLines(hand.events, name).map((line) => h("li", {}, line))),
        this.proofLink(hand)),
      // Beside the table, in a tab of its own: the hand in play goes on here (issue 31).
      h("a", { class: "replay-link", href: replayHash(this.code, hand.hand_number),
        target: "_blank", rel: "noopener",
        "aria-label": t("table.panel.replay_hand", { number: String(hand.hand_number) }) },
      t("table.panel.replay")));
  }

  /** A download of the hand's fairness proof, for ``pokernight verify``. */
  proofLink(hand) {
    const proof = this.proofs.get(hand.hand_number) ?? hand.fairness;
    if (!proof) return "";
    const link = h("a", {
      class: "proof", href: "#", download: `${this.code}-hand-${hand.hand_number}-proof.json`,
      title: t("table.panel.proof_title"),
    }, t("table.panel.fairness_proof"));
    const mine = this.contributions.get(hand.hand_number) ?? null;
    link.addEventListener("click", () => {
      // With this page's contribution: "pokernight verify FILE --contribution" can check it.
      const saved = mine === null ? proof : { ...proof, my_contribution: mine };
      const blob = new Blob([JSON.stringify(saved, null, 1)], { type: "application/json" });
      link.href = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    });
    const result = h("div", { class: "verify-result", role: "status" });
    const button = h("button", { type: "button", class: "verify",
      title: t("table.panel.verify_title") }, t("table.panel.verify"));
    button.addEventListener("click", () => showCheck(result, proof, mine));
    return h("div", { class: "proof-line" }, h("p", {}, link, " ", button), result);
  }
}

/** A Verify button for a hand's ``proof`` (the replayer's), its answer under it. */
export function verifyPanel(proof) {
  const result = h("div", { class: "verify-result", role: "status" });
  const button = h("button", { type: "button", class: "verify",
    title: t("table.panel.verify_replay_title") }, t("table.panel.verify"));
  button.addEventListener("click", () => showCheck(result, proof, null));
  return h("section", { class: "panel", "aria-labelledby": "verify-title" },
    h("h2", { id: "verify-title" }, t("table.panel.fair_deal")), h("p", {}, button), result);
}

/** The check of a hand's proof (verify.js), in words under its Verify button. */
function showCheck(result, proof, mine) {
  if (!proof.events) {
    result.textContent = t("table.panel.proof_too_old");
    return;
  }
  const check = checkProof(proof, mine);
  result.classList.toggle("error", check.problems.length > 0);
  result.dataset.verified = String(!check.problems.length);
  if (check.problems.length) {
    result.replaceChildren(h("strong", {}, t("table.panel.does_not_verify")),
      h("ul", {}, check.problems.map((problem) => h("li", {}, sentence(problem)))));
    return;
  }
  const count = check.contributions;
  const decided = !count ? t("table.panel.no_contribution_decided")
    : t(check.mineMixed ? "table.panel.contributions_decided_yours" : "table.panel.contributions_decided",
      { count });
  result.replaceChildren(h("strong", {}, t("table.panel.verified")), " ",
    t("table.panel.verified_deck", { decided }), " ",
    ...wordsWith("table.panel.verified_cards", { count: check.seen.length }, {
      cards: h("span", {}, withCardFaces(check.seen.map(([card]) => card).join(" "))) }));
}

export class Chat {
  constructor(send) {
    this.send = send;
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { type: "text", maxlength: 280, "aria-label": t("table.panel.chat_message"),
      placeholder: t("table.panel.say_something"), id: "chat-input" });
    this.error = h("p", { class: "error", role: "alert" });
    const form = h("form", { class: "chat-form" }, this.input,
      h("button", { type: "submit" }, t("table.panel.send")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ type: "chat", text })
        .then(() => { this.input.value = ""; this.error.textContent = ""; })
        .catch((error) => { this.error.textContent = sentence(error.message); });
    });
    this.element = h("section", { class: "panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, t("table.panel.chat")), this.list, form, this.error);
  }

  /** Players' names and words are theirs (not the page's language); the dealer's are the
   * server's, worded in the page's language from their code (chatWords). */
  render(lines, canSend) {
    this.list.replaceChildren(...lines.map((line) => h("li", {},
      h("b", { translate: line.dealer ? null : "no" }, line.dealer ? t("table.dealer") : line.name),
      " ", h("span", { translate: line.dealer ? null : "no" }, withCardFaces(chatWords(line))))));
    this.list.scrollTop = this.list.scrollHeight;
    this.input.disabled = !canSend;
  }
}

/** A chat line's words: a line the server worded for the dealer comes with its code and
 * params (table.dealer.<code>), so the page says it in its own language; a server newer
 * than the page's catalogue sends a code it lacks, and its English words show. A list
 * param (who paid what of a bounty) is worded item by item (<code>_<param>) and joined,
 * as the terminal does (words.py). */
export function chatWords(line) {
  const key = `table.dealer.${line.code}`;
  if (!(line.dealer && line.code && has(key))) return line.text;
  const params = Object.fromEntries(Object.entries(line.params ?? {}).map(([name, value]) =>
    [name, Array.isArray(value) ? value.map((item) => t(`${key}_${name}`, item)).join(", ") : value]));
  return t(key, params);
}

/** Wild games: the ranks wild now; in Follow the Queen every change, with the card that
 * caused it (Baseball and deuces wild: the ranks never change, so there is no history). */
export function wildPanel(state, { large = false } = {}) {
  const hand = state.hand ?? state.lastHand;
  const game = gameOf(hand?.variant ?? state.settings.variant);
  if (!game?.wild_cards) return null;
  const ranks = hand ? hand.wildRanks : [];
  const wild = ranks.length ? ranks : game.wild_ranks;
  const history = hand ? hand.wildHistory : [];
  const name = (index) => state.nameOfHandSeat(index, hand);
  // Who was dealt the card that moved the wild rank: a player, or everybody (the community card).
  const who = (index) => (index === null || index === undefined ? t("table.wild.community_card")
    : name(index));
  // Seed 000's rule, or the table's house rule (``ftq_queen_carries_over``).
  const carriesOver = Boolean(state.settings?.ftq_queen_carries_over);
  const now = h("div", { class: "wild-now" }, h("span", { class: "wild-title" }, t("table.wild.title")), " ",
    h("strong", { id: "wild-ranks" }, wildWords(wild)));
  if (!game.follows_queen) {
    return h("section", { class: `wild-panel${large ? " large" : ""}`, id: "wild-panel",
      "aria-label": t("table.wild.label"), role: "status" }, now,
      game.extra_card_rank !== null ? h("p", { class: "muted" },
        t("table.wild.extra_card", { ranks: rankPlural(game.extra_card_rank) })) : null);
  }
  return h("section", { class: `wild-panel${large ? " large" : ""}`, id: "wild-panel",
    "aria-label": t("table.wild.label"), role: "status" },
    now,
    h("ol", { class: "wild-history", "aria-label": t("table.wild.history") },
      history.length ? history.map((change) => h("li", {},
        cardElement(change.card), " ",
        change.rank === null ? t("table.wild.last_up_card", { who: who(change.seat) })
          : t("table.wild.after_queen", { card: cardText(change.card), who: who(change.seat),
            ranks: rankPlural(change.rank) })))
        : h("li", { class: "muted" },
          t(carriesOver ? "table.wild.rule_carries_over" : "table.wild.rule_same_street"))));
}

/** How we shuffle, in players' words (docs/decisions/0002 and 0003): folded away at first. */
export function shufflePanel() {
  return h("section", { class: "panel" },
    h("details", { class: "shuffle-info", id: "shuffle-info" },
      h("summary", {}, h("h2", {}, t("table.shuffle.title"))),
      h("p", {}, wordsWith("table.shuffle.fisher_yates", {}, {
        name: h("strong", { translate: "no" }, "Fisher\u2013Yates") })),
      h("p", {}, t("table.shuffle.random_source")),
      h("p", {}, h("strong", {}, t("table.shuffle.you_take_part")), " ",
        t("table.shuffle.before_each_deal")),
      h("ol", {},
        h("li", {}, t("table.shuffle.fingerprint")),
        h("li", {}, t("table.shuffle.your_bytes")),
        h("li", {}, wordsWith("table.shuffle.after_the_hand", {}, {
          verify: h("em", {}, t("table.panel.verify")),
          proof: h("em", {}, t("table.panel.fairness_proof")),
          command: h("code", { translate: "no" }, "pokernight verify FILE") })))));
}
