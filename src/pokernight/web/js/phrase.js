// Sentences from the catalogue with elements inside them ("Signed in as <strong>Ann</strong>"),
// and dates in the page's language. One key holds the whole sentence, so that Spanish and
// German order its parts as they need; the elements are put where its {names} stand.

import { language, t } from "./i18n.js";

// The browser tests' note of every string given out (i18n.js): the pieces of a sentence
// split around its elements, and the dates, are shown as text of their own.
const audit = globalThis.__i18nAudit;

/** The words of ``key`` as text and nodes: each ``{name}`` that ``params`` gives a Node (or
 * an array of nodes and text) becomes it; the other params are filled in as ``t`` fills them. */
export function phrase(key, params = {}) {
  const isNodes = (value) => value instanceof Node || Array.isArray(value);
  const nodes = Object.fromEntries(Object.entries(params).filter(([, value]) => isNodes(value)));
  const text = t(key, Object.fromEntries(Object.entries(params)
    .filter(([name]) => !(name in nodes))));
  const parts = text.split(/\{(\w+)\}/);
  const out = parts.map((part, index) => (index % 2 ? nodes[part] ?? `{${part}}` : part))
    .filter((part) => part !== "");
  for (const part of out) if (typeof part === "string") audit?.shown.push(part);
  return out;
}

/** A moment (seconds since 1970) as this language writes it, with ``options`` of
 * ``Intl.DateTimeFormat`` (by default the date and the time). */
export function dateWords(seconds, options = { dateStyle: "medium", timeStyle: "short" }) {
  const text = new Intl.DateTimeFormat(language, options).format(new Date(seconds * 1000));
  audit?.shown.push(text);
  return text;
}
