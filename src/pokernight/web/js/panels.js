// The side panels everybody sees: this hand in words, the last hands, the chat, how we
// shuffle, and the wild cards of Follow the Queen (always in view, in pink).

import * as api from "./api.js";
import { cardElement, cardText, rankPlural, withCardFaces } from "./cards.js";
import { chips, h, sentence } from "./dom.js";
import { describeEvent, wildWords } from "./narrate.js";
import { gameName, gameOf, isStud } from "./games.js";
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
      h("h2", { id: "log-title" }, "This hand"), this.list);
  }

  render(state) {
    const hand = state.hand ?? state.lastHand;
    if (!hand) {
      this.list.replaceChildren(h("li", { class: "muted" }, "No hand yet."));
      return;
    }
    const name = (index) => state.nameOfHandSeat(index, hand);
    const title = `Hand #${hand.number} \u00b7 ${gameName(hand.variant)}`;
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
      h("h2", { id: "hands-title" }, "Last hands"), this.list, this.error);
  }

  async refresh() {
    try {
      const { hands } = await api.lastHands(this.code, this.token);
      this.list.replaceChildren(...hands.slice().reverse().map((hand) => this.handElement(hand)));
      if (!hands.length) this.list.replaceChildren(h("p", { class: "muted" }, "No hand finished yet."));
      this.error.textContent = "";
    } catch (error) {
      this.error.textContent = sentence(error.message);
    }
  }

  handElement(hand) {
    const name = (index) => (index === null ? "the board" : hand.names[index]);
    const net = hand.stacks_after.map((after, i) => [hand.names[i], after - hand.stacks_before[i]]);
    const winners = net.filter(([, delta]) => delta > 0)
      .map(([who, delta]) => `${who} +${chips(delta)}`).join(", ");
    const facts = [`pot ${chips(hand.pot ?? 0)}`, hand.showdown ? "showdown" : null].filter(Boolean);
    // All in with cards to come: what each could expect by their equity (decision 67).
    const expected = (hand.expected ?? []).some((value, i) => value !== net[i][1])
      ? h("p", { class: "hand-expected muted" }, "All in, expected: " + net.map(([who], i) =>
        `${who} ${hand.expected[i] > 0 ? "+" : ""}${chips(hand.expected[i])}`).join(", ")) : "";
    return h("div", { class: "hand-row" },
      h("details", { class: "hand" },
        h("summary", {}, `#${hand.hand_number} ${gameName(hand.variant)}`
          + (winners ? ` \u2014 ${winners}` : "")),
        h("p", { class: "hand-facts muted" }, `${hand.names.join(", ")} \u00b7 ${facts.join(" \u00b7 ")}`),
        expected,
        h("ol", { class: "log", tabindex: 0 }, handLines(hand.events, name).map((line) => h("li", {}, line))),
        this.proofLink(hand)),
      // Beside the table, in a tab of its own: the hand in play goes on here (issue 31).
      h("a", { class: "replay-link", href: replayHash(this.code, hand.hand_number),
        target: "_blank", rel: "noopener",
        "aria-label": `Replay hand ${hand.hand_number}` }, "Replay"));
  }

  /** A download of the hand's fairness proof, for ``pokernight verify``. */
  proofLink(hand) {
    const proof = this.proofs.get(hand.hand_number) ?? hand.fairness;
    if (!proof) return "";
    const link = h("a", {
      class: "proof", href: "#", download: `${this.code}-hand-${hand.hand_number}-proof.json`,
      title: "Every card you saw, with the hashes committed before the hand: check it with "
        + "\"pokernight verify FILE\"",
    }, "Fairness proof");
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
      title: "Check in this page that the deck was fixed before the players' contributions "
        + "mixed it, and that every card you saw was dealt where it should be" }, "Verify");
    button.addEventListener("click", () => showCheck(result, proof, mine));
    return h("div", { class: "proof-line" }, h("p", {}, link, " ", button), result);
  }
}

/** A Verify button for a hand's ``proof`` (the replayer's), its answer under it. */
export function verifyPanel(proof) {
  const result = h("div", { class: "verify-result", role: "status" });
  const button = h("button", { type: "button", class: "verify",
    title: "Check in this page that every card you saw was fixed before the deal and dealt "
      + "where it should be" }, "Verify");
  button.addEventListener("click", () => showCheck(result, proof, null));
  return h("section", { class: "panel", "aria-labelledby": "verify-title" },
    h("h2", { id: "verify-title" }, "Fair deal?"), h("p", {}, button), result);
}

/** The check of a hand's proof (verify.js), in words under its Verify button. */
function showCheck(result, proof, mine) {
  if (!proof.events) {
    result.textContent = "This proof is from before the players took part in the shuffle: "
      + "check it with pokernight verify.";
    return;
  }
  const check = checkProof(proof, mine);
  result.classList.toggle("error", check.problems.length > 0);
  result.dataset.verified = String(!check.problems.length);
  if (check.problems.length) {
    result.replaceChildren(h("strong", {}, "This hand does not verify:"),
      h("ul", {}, check.problems.map((problem) => h("li", {}, sentence(problem)))));
    return;
  }
  const mixed = check.contributions === 1 ? "1 player's contribution"
    : `${check.contributions} players' contributions`;
  result.replaceChildren(h("strong", {}, "Verified. "),
    `The deck was committed before the deal; ${check.contributions ? mixed : "no contribution"} `
    + `decided its order${check.mineMixed ? ", yours among them" : ""}; `,
    `all ${check.seen.length} cards you saw are where the dealing order puts them: `,
    ...withCardFaces(check.seen.map(([card]) => card).join(" ")), ".");
}

export class Chat {
  constructor(send) {
    this.send = send;
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { type: "text", maxlength: 280, "aria-label": "Chat message",
      placeholder: "Say something", id: "chat-input" });
    this.error = h("p", { class: "error", role: "alert" });
    const form = h("form", { class: "chat-form" }, this.input,
      h("button", { type: "submit" }, "Send"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ type: "chat", text })
        .then(() => { this.input.value = ""; this.error.textContent = ""; })
        .catch((error) => { this.error.textContent = sentence(error.message); });
    });
    this.element = h("section", { class: "panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, "Chat"), this.list, form, this.error);
  }

  render(lines, canSend) {
    this.list.replaceChildren(...lines.map((line) => h("li", {},
      h("b", {}, line.name), " ", ...withCardFaces(line.text))));
    this.list.scrollTop = this.list.scrollHeight;
    this.input.disabled = !canSend;
  }
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
  const who = (index) => (index === null || index === undefined ? "community card" : name(index));
  // Seed 000's rule, or the table's house rule (``ftq_queen_carries_over``).
  const carriesOver = Boolean(state.settings?.ftq_queen_carries_over);
  const now = h("div", { class: "wild-now" }, h("span", { class: "wild-title" }, "Wild:"), " ",
    h("strong", { id: "wild-ranks" }, wildWords(wild)));
  if (!game.follows_queen) {
    return h("section", { class: `wild-panel${large ? " large" : ""}`, id: "wild-panel",
      "aria-label": "wild cards", role: "status" }, now,
      game.extra_card_rank !== null ? h("p", { class: "muted" },
        `${rankPlural(game.extra_card_rank)} dealt face up give their player an extra card face down.`) : null);
  }
  return h("section", { class: `wild-panel${large ? " large" : ""}`, id: "wild-panel",
    "aria-label": "wild cards", role: "status" },
    now,
    h("ol", { class: "wild-history", "aria-label": "wild card history" },
      history.length ? history.map((change) => h("li", {},
        cardElement(change.card), " ",
        change.rank === null ? `last up card of its street (${who(change.seat)}): only Queens`
          : `${cardText(change.card)} (${who(change.seat)}) after a Queen: ${rankPlural(change.rank)}`))
        : h("li", { class: "muted" }, carriesOver
          ? "Queens are wild; the next up card after a face-up Queen, on any street, makes its "
            + "rank wild too (house rule)."
          : "Queens are wild; the next up card after a face-up Queen on the same street makes its "
            + "rank wild too; a Queen last on its street leaves only Queens wild.")));
}

/** How we shuffle, in players' words (docs/decisions/0002 and 0003): folded away at first. */
export function shufflePanel() {
  return h("section", { class: "panel" },
    h("details", { class: "shuffle-info", id: "shuffle-info" },
      h("summary", {}, h("h2", {}, "How we shuffle")),
      h("p", {}, "Every hand is dealt from a fresh 52-card deck. The server shuffles it with the ",
        h("strong", {}, "Fisher\u2013Yates"), " shuffle: from the last card to the first, each "
        + "card swaps places with a card picked at random among those not placed yet, so every "
        + "order of the deck is equally likely."),
      h("p", {}, "The random numbers come from the operating system's cryptographic random "
        + "source, the one that makes encryption keys: nobody can work out the next card from "
        + "the cards already seen. The deck never leaves the server; your browser only gets "
        + "your own cards and the cards dealt face up."),
      h("p", {}, h("strong", {}, "You take part, and you can check it."),
        " In the pause before each deal:"),
      h("ol", {},
        h("li", {}, "the room publishes a fingerprint of its shuffled deck, made of one sealed "
          + "hash per deck position, each with its own secret key;"),
        h("li", {}, "then your page sends 32 random bytes of its own, as every seated "
          + "player's does; the deal mixes the deck by a hash of them all, so neither the room "
          + "nor any player can choose the order;"),
        h("li", {}, "after the hand, open it under \u201cLast hands\u201d and press ",
          h("em", {}, "Verify"), ": your page checks that your bytes were mixed in and that "
          + "every card you saw was fixed before the deal and dealt where the game's dealing "
          + "order puts it. Or download its ", h("em", {}, "Fairness proof"), " and run ",
          h("code", {}, "pokernight verify FILE"), ". Mucked and undealt cards stay secret: "
          + "their keys are never given out."))));
}
