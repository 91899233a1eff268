// Building DOM nodes without innerHTML: player text (names, chat) is always inserted as text.

import { formatNumber, t, tSlots } from "./i18n.js";

export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") node.style.cssText = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Replace the children of ``node`` while keeping keyboard focus on the element with the same key. */
export function replaceKeepingFocus(node, ...children) {
  const focusedKey = document.activeElement?.dataset?.key;
  node.replaceChildren();
  append(node, children);
  if (focusedKey) node.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus();
}

/** The words for ``key`` as nodes, ``slots`` (param name -> element) put where the words
 * name them: one sentence per key, whatever order the language gives its parts. */
export function wordsWith(key, params, slots) {
  return tSlots(key, params).map((part, index) => (index % 2 ? slots[part] ?? `{${part}}` : part))
    .filter((part) => part !== "");
}

export function chips(amount) {
  return formatNumber(amount);
}

/** A server reason ("not your turn") as a sentence for the page. */
export function sentence(reason) {
  const text = String(reason || t("common.something_went_wrong")).trim();
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

/**
 * ``form`` shown in a modal dialog (``attributes``: its class and label), ``focus`` selected:
 * submitting runs ``submit()``; done, the dialog closes, refused, the server's reason shows
 * in ``error`` and it stays open. Closed, it leaves the page.
 */
export function modalForm(attributes, form, error, submit, focus) {
  const dialog = h("dialog", attributes, form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await submit();
      dialog.close();
    } catch (failure) {
      error.textContent = sentence(failure.message);
    }
  });
  // A refusal was of what was sent: once the fields change, it no longer says anything.
  form.addEventListener("input", () => { error.textContent = ""; });
  // Closed, the focus goes back to the control that opened it, or to the same control drawn
  // again (the felt is redrawn at every version, its seats' buttons with it).
  const opener = document.activeElement;
  const key = opener?.dataset?.key;
  dialog.addEventListener("close", () => {
    dialog.remove();
    const back = opener?.isConnected ? opener
      : key ? document.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
    back?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  focus.select();
  return dialog;
}

/** A Cancel button that closes the dialog it is in. */
export function cancelButton() {
  return h("button", { type: "button", onclick: (event) => event.target.closest("dialog")?.close() },
    t("common.cancel"));
}
