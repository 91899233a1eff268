"""Players' names: what a name may hold, and when two names are the same name.

A name is what friends see on the felt, in the ledger and in the hand log, so it
must be readable and it must say who is who: no control or invisible characters
(a name that looks empty, or that hides text written right to left), and no two
players at a table with names that read the same. Names are compared after
Unicode NFKC normalisation and case folding: "Alice", "ALICE" and "Alice" typed
in full-width letters are one name. Names that only look alike ("Alice" with a
Cyrillic capital A, "Bob" with a Greek omicron, "BiII" with capital i's) are one name too: two names
whose ``lookalike_key`` is equal cannot both be a club's or a table's (Unicode's
confusables, UTS 39, as the ``confusable_homoglyphs`` package keeps them).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pokernight.refusals import RefusalError

MAX_LENGTH = 32
# Control, format (zero-width, direction marks), surrogate, private-use and unassigned
# code points, and the line and paragraph separators.
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
BOT_NAME = re.compile(r"(easy|medium|hard) bot \d+")


class BadNameError(RefusalError):
    """A name that cannot be used, and why."""


def display_name(raw: str) -> str:
    """``raw`` as it will be shown: NFKC, spaces collapsed; or BadNameError saying why not."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadNameError("name_empty")
    if any(unicodedata.category(char) in INVISIBLE for char in name):
        raise BadNameError("name_invisible")
    if len(name) > MAX_LENGTH:
        raise BadNameError("name_long", most=MAX_LENGTH)
    if BOT_NAME.fullmatch(name_key(name)):
        raise BadNameError("name_bot", name=name)
    return name


def name_key(name: str) -> str:
    """What two names must differ in: equal keys are the same name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def lookalike_key(name: str) -> str:
    """What two names must differ in to look different: each character replaced by one
    chosen from the characters it can be mistaken for, before and after case folding
    (a capital I reads as an l, and the folded i as itself)."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFKC", name))
    return "".join(prototypes.get(char, char) for char in mapped.casefold())


def same_name(first: str, second: str) -> bool:
    """Whether two names would be taken for one: they read the same or look alike."""
    return name_key(first) == name_key(second) or lookalike_key(first) == lookalike_key(second)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character that can be mistaken for another, and the one its group of lookalikes
    is read as: an ASCII character if the group has one, else the lowest code point.

    The package's table lists, for each character, those it can be mistaken for, in both
    directions; joined up, they make groups. Lookalikes of several characters ("rn" for
    "m") are left out: a name is compared a character at a time. Loaded on first use
    (about 0.1 s): only a new name needs it."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, lookalikes in confusables_data.items():
        for lookalike in lookalikes:
            other = lookalike["c"].strip("\u200e")  # the table wraps right-to-left ones
            if len(char) == 1 and len(other) == 1:
                first, second = sorted((root(char), root(other)), key=_preferred)
                parent[second] = first
    return {char: root(char) for char in parent if root(char) != char}


def _preferred(char: str) -> tuple[bool, int]:
    return (not char.isascii(), ord(char))
