"""axe-core, Deque's accessibility checker, run in a page of a browser test (issue 38).

The script is not in the repository: the pinned release is fetched once from the npm
registry (no npm needed), its tarball checked against the registry's ``dist.integrity``
(sha512), and ``axe.min.js`` kept under ``.cache/axe-core-VERSION/`` (git-ignored) beside
the package's LICENSE. axe-core is Copyright (c) Deque Systems, Inc., under the Mozilla
Public License 2.0 (https://mozilla.org/MPL/2.0/; the tarball's LICENSE, kept in the
cache); it is only run by the tests, never served by the room.

Without the network the tests that need it are skipped, or fail where every test must run
(``POKERNIGHT_REQUIRE_ALL_TESTS``, CI: ``tests/missing.py``). A tarball whose digest is not
the pinned one always fails.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.missing import missing

VERSION = "4.14.1"
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
# https://registry.npmjs.org/axe-core, versions["4.14.1"].dist.integrity
INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPj"
    "CKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
CACHE = Path(__file__).parent.parent / ".cache" / f"axe-core-{VERSION}"
KEPT = ("axe.min.js", "LICENSE")
# The impacts that fail a test; "moderate" and "minor" ones must be allowed by name.
FAILING_IMPACTS = ("serious", "critical")

# axe.run in the page: the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's
# best practices. The room's Content-Security-Policy forbids inline scripts, so the source
# is evaluated through the browser's debugging protocol, which the policy does not govern.
_RUN = """async () => {
    const found = await axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                         "wcag22aa", "best-practice"] },
        resultTypes: ["violations"],
    });
    return found.violations.map((rule) => ({
        id: rule.id, impact: rule.impact, help: rule.help,
        nodes: rule.nodes.map((node) => ({
            target: node.target.join(" "), summary: node.failureSummary,
        })),
    }));
}"""


@dataclass(frozen=True)
class Violation:
    """One rule axe found broken on a page, and where."""

    page: str
    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]
    summaries: tuple[str, ...]

    def __str__(self) -> str:
        where = "; ".join(
            f"{target}: {summary}"
            for target, summary in zip(self.targets[:4], self.summaries, strict=False)
        )
        more = f" (+{len(self.targets) - 4} more)" if len(self.targets) > 4 else ""
        rule = f"{self.rule} [{self.impact}] {self.help}"
        return f"{self.page}: {rule} x{len(self.targets)}: {where}{more}"


def axe_source() -> str:
    """The pinned ``axe.min.js``, fetched into the cache the first time."""
    script = CACHE / "axe.min.js"
    if not script.exists():
        _fetch()
    return script.read_text(encoding="utf-8")


def _fetch() -> None:
    try:
        with urllib.request.urlopen(TARBALL, timeout=60) as answer:
            tarball = answer.read()
    except (urllib.error.URLError, OSError) as error:
        missing(f"axe-core {VERSION} could not be fetched from {TARBALL}: {error}")
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
    if digest != INTEGRITY:
        pytest.fail(f"{TARBALL} has digest {digest}, not the pinned {INTEGRITY}")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for name in KEPT:
            member = archive.extractfile(f"package/{name}")
            assert member is not None, name
            # Written whole, then renamed: two test workers may fetch at once.
            with tempfile.NamedTemporaryFile(dir=CACHE, delete=False) as kept:
                kept.write(member.read())
            os.replace(kept.name, CACHE / name)


def audit(page: Any, name: str) -> list[Violation]:
    """axe's violations on ``page`` as it is now (``name``: which page, for the report)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe_source())
    found = page.evaluate(_RUN)
    return [
        Violation(
            name,
            rule["id"],
            rule["impact"] or "",
            rule["help"],
            tuple(node["target"] for node in rule["nodes"]),
            tuple(node["summary"] or "" for node in rule["nodes"]),
        )
        for rule in found
    ]
