// The table by keyboard (issue 38): keys that read the table into the live region (H your
// hand, B the board, S the stacks, P the pot and what a call costs, T whose turn), 1 to 5
// for the sizing buttons, M to step into the host's panel (Escape steps out, back where
// you were), and ? for the list of keys. The action bar's own keys (F, C, R, A, D, T, O)
// are its own: a key it took is not taken again here. No key acts while typing.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { boardSentence, handSentence, potSentence, stacksSentence, turnSentence } from "./spoken.js";

// What each key reads, by the spoken.js sentence that says it.
const READERS = { h: handSentence, b: boardSentence, s: stacksSentence, p: potSentence, t: turnSentence };
// The keys of the help dialog, in its order: the key as shown and its catalogue entry.
const HELP = [
  ["H", "hand"], ["B", "board"], ["S", "stacks"], ["P", "pot"], ["T", "turn"],
  ["F", "fold"], ["C", "call"], ["R", "raise"], ["A", "all_in"], ["1\u20135", "sizing"],
  ["D", "draw"], ["T / O", "runs"], ["Tab", "seats"], ["M", "host"], ["Esc", "escape"],
  ["?", "help"],
];
const FOCUSABLE = "button:not([disabled]):not([hidden]), input:not([disabled]), select, summary, a[href]";

/** A key pressed while writing (a name, a chat line, an amount) is the writing's. */
function typing(target) {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !["range", "checkbox", "radio"].includes(target.type);
  return Boolean(target?.isContentEditable);
}

export class TableKeys {
  /** ``state``: the table page's (folded in place); ``spoken``: its live region. */
  constructor(state, spoken, actionBar, hostPanel) {
    this.state = state;
    this.spoken = spoken;
    this.actionBar = actionBar;
    this.hostPanel = hostPanel;
    this.before = null; // where the focus was before M stepped into the host's panel
    this.keys = (event) => this.pressed(event);
    document.addEventListener("keydown", this.keys);
  }

  close() {
    document.removeEventListener("keydown", this.keys);
  }

  pressed(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape" && this.hostPanel.element.contains(event.target)) {
      this.leaveHostPanel(event);
      return;
    }
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    const key = event.key.toLowerCase();
    const done = key in READERS ? this.read(READERS[key])
      : key === "?" ? this.help()
      : key === "m" ? this.enterHostPanel()
      : /^[1-5]$/.test(key) ? this.size(Number(key))
      : false;
    if (done) event.preventDefault();
  }

  read(sentence) {
    this.spoken.say([sentence(this.state)]);
    return true;
  }

  /** The Nth sizing button the action bar shows (Min, ½ Pot, ...): the amount it sets is
   * said, for R to bet or raise it. */
  size(place) {
    const shown = this.actionBar.presets.filter((preset) => !preset.hidden && !preset.disabled);
    const preset = shown[place - 1];
    if (!preset || this.actionBar.sizing.hidden) return false;
    preset.click();
    this.spoken.say([this.actionBar.raise.querySelector(".label").textContent]);
    return true;
  }

  enterHostPanel() {
    const panel = this.hostPanel.element;
    const first = panel.hidden ? null : panel.querySelector(FOCUSABLE);
    if (!first) return false;
    this.before = document.activeElement;
    first.focus();
    return true;
  }

  /** Escape in the host's panel: its open parts close and the focus goes back. */
  leaveHostPanel(event) {
    event.preventDefault();
    for (const part of this.hostPanel.element.querySelectorAll("details[open]")) part.open = false;
    const back = this.before?.isConnected && this.before !== document.body ? this.before : null;
    this.before = null;
    if (back) back.focus();
    else document.activeElement?.blur();
  }

  /** The list of keys, in a modal dialog; closed, the focus goes back where it was. */
  help() {
    const before = document.activeElement;
    const close = h("button", { type: "button", id: "keys-close" }, t("access.help.close"));
    const dialog = h("dialog", { class: "keys-help", id: "keys-help", "aria-labelledby": "keys-title" },
      h("h2", { id: "keys-title" }, t("access.help.title")),
      // The keys are the same in every language: key caps, not words.
      h("dl", {}, HELP.map(([key, entry]) => [h("dt", { translate: "no" }, key),
        h("dd", {}, t(`access.help.${entry}`))])),
      h("p", { class: "note" }, t("access.help.typing")),
      close);
    close.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (before?.isConnected) before.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
    return true;
  }
}
