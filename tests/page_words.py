"""Run the page's own word modules (``web/js``) in Node, in a language, without a browser.

``page_words(language, script)`` imports the page's ``i18n.js`` as a page in ``language``
would (its catalogues read from ``web/i18n``), runs ``script`` (an async function body that
may ``await page(module)`` to import ``web/js/<module>`` and returns JSON), and returns
its result and the keys the language lacked (``missing``, as ``__i18nAudit`` notes them).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "src" / "pokernight" / "web"

_HARNESS = """
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
const [web, language, input] = process.argv.slice(1);
globalThis.localStorage = { getItem: () => language, setItem() {} };
globalThis.navigator = { languages: [language] };
globalThis.document = { documentElement: {} };
globalThis.__i18nAudit = { shown: [], missing: [] };
globalThis.fetch = async (url) => {
  try {
    const text = await readFile(web + url, "utf8");
    return { ok: true, json: async () => JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};
const page = (module) => import(pathToFileURL(`${web}/js/${module}`).href);
const run = new Function("page", "input", "return (async () => {" + %s + "})()");
const result = await run(page, JSON.parse(input));
process.stdout.write(JSON.stringify({ result, missing: globalThis.__i18nAudit.missing }));
"""


def page_words(language: str, script: str, given: Any = None) -> tuple[Any, list[str]]:
    """``script``'s result in ``language``, and the catalogue keys that language lacked."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js runs the page's modules outside a browser")
    harness = _HARNESS % json.dumps(script)
    answer = subprocess.run(
        [node, "--input-type=module", "-e", harness, str(WEB), language, json.dumps(given)],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(answer.stdout)
    return out["result"], out["missing"]
