"""Decoding an intent straight from its text accepts and refuses exactly what the schema does."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.server.tables.messages import AnyIntent, RefusedError, decode_intent

FIELDS = [
    *("type", "id", "kind", "amount", "seat", "buy_in", "text", "player_id", "extra"),
    *("stack", "reason", "cap"),
]
VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-5, max_value=10**13),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.sampled_from(["act", "sit", "chat", "start", "check", "call", "fold", "bet_or_raise"]),
    st.sampled_from(["correct_stack", "remove_player", "let_player_back", "set_debt_cap"]),
    st.text(max_size=70),
)


def reference(data: dict[str, Any]) -> AnyIntent | None:
    """What the schema makes of ``data`` (None: refused)."""
    try:
        intent: AnyIntent = msgspec.convert(data, AnyIntent)
        return intent
    except msgspec.ValidationError:
        return None


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5))
def test_an_intent_decodes_from_text_as_the_schema_converts_it(data: dict[str, Any]) -> None:
    expected = reference(data)
    text = json.dumps(data)
    if expected is None:
        with pytest.raises(RefusedError, match="malformed message"):
            decode_intent(text)
    else:
        assert decode_intent(text) == expected


def test_a_refused_intent_keeps_its_client_id_for_the_error() -> None:
    with pytest.raises(RefusedError) as refused:
        decode_intent('{"type": "act", "id": 7, "kind": "call", "amount": -1}')
    assert refused.value.ref == 7
