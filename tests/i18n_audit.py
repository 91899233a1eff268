"""What a browser test needs to check that every word a page shows is from the catalogue of
its language (issue 38, decision 71).

``speaking(context, language)`` makes a browser context choose ``language`` and note, in
``__i18nAudit``, every string ``web/js/i18n.js`` gives out and every key the language lacks.
``unworded(page, data)`` then reads the page as a player sees it (visible text, and the
labels a screen reader speaks: ``aria-label``, ``title``, ``placeholder``, ``alt``) and
returns what is left of each piece once the words given out, the test's ``data`` (names,
codes, whatever a player typed) and numbers, card symbols and punctuation are taken away:
anything left with a letter in it was written into a script, not taken from a catalogue.
Text inside an element marked ``translate="no"`` (the HTML attribute for names and codes)
is data and is not read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

LANGUAGES = ("en", "es", "de")

_AUDIT_SCRIPT = """
localStorage.setItem("pokernight.language", %s);
globalThis.__i18nAudit = { shown: [], missing: [] };
"""

_READ_PAGE = """
(data) => {
  const audit = globalThis.__i18nAudit;
  const known = [...new Set([...audit.shown, ...data])].filter((w) => w.trim())
    .sort((a, b) => b.length - a.length);
  const pieces = [];
  const visible = (element) => element.checkVisibility?.() ?? true;
  const skipped = (element) => element.closest('[translate="no"], script, style, noscript');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || skipped(parent) || !visible(parent)) continue;
    if (node.textContent.trim()) pieces.push(node.textContent);
  }
  const labelled = "[aria-label], [title], [placeholder], [alt]";
  for (const element of document.body.querySelectorAll(labelled)) {
    if (skipped(element)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name);
      if (value && value.trim()) pieces.push(value);
    }
  }
  const left = [];
  for (const piece of pieces) {
    let rest = piece;
    for (const word of known) {
      if (rest.includes(word)) rest = rest.split(word).join(" ");
    }
    const letters = rest.replace(/[\\u2660-\\u2667]/g, "");
    if (/\\p{L}/u.test(letters)) left.push(`${piece.trim()} -> ${rest.trim()}`);
  }
  return { left: [...new Set(left)], missing: [...new Set(audit.missing)] };
}
"""


def speaking(context: Any, language: str) -> Any:
    """``context`` (a Playwright browser context) with its pages in ``language``, audited."""
    context.add_init_script(_AUDIT_SCRIPT % json.dumps(language))
    return context


def unworded(page: Any, data: Iterable[str] = ()) -> dict[str, list[str]]:
    """What ``page`` shows that is not from its language's catalogue (``left``), and the keys
    its language lacks that the page asked for (``missing``)."""
    found: dict[str, list[str]] = page.evaluate(_READ_PAGE, list(data))
    return found
