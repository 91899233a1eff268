"""Players' names: what a name may hold, and when two names are the same name.

A name is what friends see on the felt, in the ledger and in the hand log, so it
must be readable and it must say who is who: no control or invisible characters
(a name that looks empty, or that hides text written right to left), and no two
players at a table with names that read the same. Names are compared after
Unicode NFKC normalisation and case folding: "Alice", "ALICE" and "Alice" typed
in full-width letters are one name.
"""

from __future__ import annotations

import re
import unicodedata

MAX_LENGTH = 32
# Control, format (zero-width, direction marks), surrogate, private-use and unassigned
# code points, and the line and paragraph separators.
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
BOT_NAME = re.compile(r"(easy|medium|hard) bot \d+")


class BadNameError(ValueError):
    """A name that cannot be used, and why."""


def display_name(raw: str) -> str:
    """``raw`` as it will be shown: NFKC, spaces collapsed; or BadNameError saying why not."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadNameError("a name cannot be empty")
    if any(unicodedata.category(char) in INVISIBLE for char in name):
        raise BadNameError("a name cannot hold control or invisible characters")
    if len(name) > MAX_LENGTH:
        raise BadNameError(f"a name has at most {MAX_LENGTH} characters")
    if BOT_NAME.fullmatch(name_key(name)):
        raise BadNameError(f"names like {name!r} are kept for the bots: choose another")
    return name


def name_key(name: str) -> str:
    """What two names must differ in: equal keys are the same name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
