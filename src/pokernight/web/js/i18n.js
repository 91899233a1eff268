// The page's words in the player's language (issue 38). Every word a page shows comes from
// a catalogue, web/i18n/<language>/<part>.json: a flat object of keys to words, "{name}"
// for what is filled in, and {"one": ..., "other": ...} where the words follow a count
// (Intl.PluralRules picks). The language is the one chosen on this device (the topbar's
// menu), else the browser's first we speak, else English. The catalogues are loaded by a
// top-level await, so that every module importing this one finds them loaded, even for
// words it keeps in constants.

export const LANGUAGES = { en: "English", es: "Español", de: "Deutsch" };
// Each part is owned by one area of the page, so that the catalogues stay readable.
const PARTS = ["common", "table", "rooms", "access", "hands", "refusals"];
const CHOSEN = "pokernight.language";

/** The language of this device: chosen here, else the browser's, else English. */
export function chosenLanguage() {
  const chosen = localStorage.getItem(CHOSEN);
  if (chosen in LANGUAGES) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

// Every module waits for the catalogues (the top-level await below): one request lost or
// stuck on a bad network would leave the page blank for good, so each is given a while,
// then asked again; one that never comes leaves its words to English, or to their keys.
const ATTEMPTS = 3;
const ATTEMPT_MS = 8_000;

async function cataloguePart(language, part) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const response = await fetch(`/i18n/${language}/${part}.json`,
        { signal: AbortSignal.timeout(ATTEMPT_MS) });
      if (response.ok) return await response.json();
      if (response.status < 500) break; // not a passing trouble: asking again changes nothing
    } catch {
      // lost or timed out: asked again
    }
  }
  return {};
}

async function catalogue(language) {
  const parts = await Promise.all(PARTS.map((part) => cataloguePart(language, part)));
  return Object.assign({}, ...parts);
}

export const language = chosenLanguage();
const englishLoading = catalogue("en"); // the fallback of a word the language lacks
const [english, words] = await Promise.all(
  [englishLoading, language === "en" ? englishLoading : catalogue(language)]);
const plurals = new Intl.PluralRules(language);
const numbers = new Intl.NumberFormat(language);
document.documentElement.lang = language;

// The browser tests set ``__i18nAudit`` ({shown: [], missing: []}) before the page loads:
// every string given out is noted, and every key this language lacks, so that a test can
// tell a word from the catalogue from one written into a script.
const audit = globalThis.__i18nAudit;

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

function pick(entry, params) {
  if (typeof entry === "string") return entry;
  const count = Number(params.count ?? 0);
  return entry[plurals.select(count)] ?? entry.other;
}

/** Whether this language's catalogue has ``key`` (for words the server may also send). */
export function has(key) {
  return key in words;
}

/** The words for ``key`` in the page's language, ``params`` filled in. */
export function t(key, params = {}) {
  let entry = words[key];
  if (entry === undefined) {
    audit?.missing.push(`${language}:${key}`);
    entry = english[key] ?? key;
  }
  const text = fill(pick(entry, params), params);
  audit?.shown.push(text);
  return text;
}

/** The words for ``key`` cut where a page puts elements of its own (a name in bold, a
 * link): ``[text, slot, text, ...]``, each slot the name of a ``{param}`` that ``params``
 * leaves out (``dom.js``'s ``wordsWith`` puts the elements there). */
export function tSlots(key, params = {}) {
  const text = t(key, params);
  const parts = text.split(/\{(\w+)\}/);
  for (let index = 0; index < parts.length; index += 2) audit?.shown.push(parts[index]);
  return parts;
}

/** A number as this language writes it (1,250 in English, 1.250 in Spanish and German). */
export function formatNumber(value) {
  const text = numbers.format(Number(value));
  audit?.shown.push(text);
  return text;
}

/** Choose the page's language on this device; the page loads again in it. */
export function chooseLanguage(chosen) {
  if (!(chosen in LANGUAGES)) return;
  localStorage.setItem(CHOSEN, chosen);
  location.reload();
}
