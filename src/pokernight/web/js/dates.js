// Dates in the page's language (issue 38): ``Intl.DateTimeFormat`` of the language the
// catalogues speak, each date noted for the browser tests as the words are (i18n.js).

import { language } from "./i18n.js";

const audit = globalThis.__i18nAudit;

/** A moment (seconds since 1970) as this language writes it, with ``options`` of
 * ``Intl.DateTimeFormat`` (by default the date and the time). */
export function dateWords(seconds, options = { dateStyle: "medium", timeStyle: "short" }) {
  const text = new Intl.DateTimeFormat(language, options).format(new Date(seconds * 1000));
  audit?.shown.push(text);
  return text;
}
