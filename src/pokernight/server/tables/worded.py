"""A sentence of the server's that pages show (issue 38): its English ``text``, which the
terminal and program seats read, and the ``code`` and ``params`` a page words it from in its
own language (its catalogue's key for the code, the params filled in)."""

from __future__ import annotations

from dataclasses import dataclass, field

# A list param is worded item by item (its catalogue key: the code's, then ``_<param>``)
# and the items joined: who paid what of a bounty.
Item = dict[str, str | int]
Param = str | int | float | list[Item]


@dataclass(frozen=True)
class Worded:
    """One sentence: names and what a person typed are params as given; amounts are
    numbers, which a page writes as its language does."""

    code: str
    text: str
    params: dict[str, Param] = field(default_factory=dict)
