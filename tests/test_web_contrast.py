"""The four-colour deck and the page's text meet WCAG AA contrast, computed from app.css."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).parent.parent / "src" / "pokernight" / "web" / "css" / "app.css"
AA_NORMAL_TEXT = 4.5
SUITS = ("s", "h", "d", "c")


def _variables() -> dict[str, str]:
    root = re.search(r":root\s*\{(.*?)\}", CSS.read_text(), re.DOTALL)
    assert root is not None
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", root.group(1)))


def _luminance(colour: str) -> float:
    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(foreground: str, background: str) -> float:
    lighter, darker = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_formula_matches_wcag_examples() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("suit", SUITS)
def test_every_suit_colour_is_readable_on_the_card_face(suit: str) -> None:
    colours = _variables()
    assert contrast(colours[f"suit-{suit}"], colours["card-face"]) >= AA_NORMAL_TEXT


def test_the_deck_has_four_different_suit_colours() -> None:
    colours = _variables()
    assert len({colours[f"suit-{suit}"].lower() for suit in SUITS}) == 4


def test_each_card_class_uses_its_suit_colour() -> None:
    text = CSS.read_text()
    for suit in SUITS:
        assert re.search(rf"\.card\.suit-{suit}\s*\{{\s*color:\s*var\(--suit-{suit}\)", text)


@pytest.mark.parametrize(
    ("foreground", "background"),
    [
        ("text", "panel"),
        ("text", "page"),
        ("muted", "panel"),
        ("danger", "panel"),
        ("accent", "panel"),
        ("wild-text", "wild-panel"),
        ("text", "go"),
        ("text", "go-hover"),
        ("text", "felt"),
        ("text", "felt-dark"),
    ],
)
def test_page_text_is_readable_on_its_background(foreground: str, background: str) -> None:
    colours = _variables()
    assert contrast(colours[foreground], colours[background]) >= AA_NORMAL_TEXT
