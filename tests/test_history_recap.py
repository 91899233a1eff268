"""The night's recap on hand-built hands (issue 37, item 5; decision 69): its figures, its
lines, and its image."""

from __future__ import annotations

import json
import sqlite3
import struct
import zlib
from contextlib import closing
from pathlib import Path

from pokernight.history.night import hand_line
from pokernight.history.recap import (
    Bounty,
    Recap,
    RecapHand,
    night_recap,
    recap_hand,
    recap_lines,
)
from pokernight.history.table_export import played_hands
from pokernight.rules import PotAwarded
from pokernight.server.tables.pixel_font import GLYPHS, printable, text_width
from pokernight.server.tables.recap_image import PAGE, TEXT, Canvas, recap_png, wrapped
from pokernight.server.tables.versions import TableVersions
from pokernight.store import StoredEvent
from pokernight.table import BountyPaid, Transfer, table_event_from_dict
from pokernight.words import words_in
from tests.web_helpers import ARTIFACTS

SHOTS = ARTIFACTS / "recap"
NAMES = {"a": "Alice", "b": "Bob", "c": "Carol", "r": "Robo"}


def hand(
    number: int,
    pot: int,
    ids: tuple[str, ...],
    results: tuple[int, ...],
    winners: tuple[int, ...],
    *,
    expected: tuple[int, ...] = (),
    variant: str = "nlhe",
) -> RecapHand:
    return RecapHand(number, variant, pot, ids, results, expected or results, winners)


HANDS = [
    # Alice takes the blinds.
    hand(1, 30, ("a", "b", "c"), (20, -10, -10), (0,)),
    # Bob all in against Carol on the flop, 25% to win: he wins 400 where he could expect 100.
    hand(2, 400, ("a", "b", "c"), (0, 200, -200), (1,), expected=(0, -100, 100)),
    # A split pot: Alice and Carol both take chips of it.
    hand(3, 100, ("a", "b", "c"), (0, -50, 50), (0, 2), variant="plo"),
    # Alice against the bot.
    hand(4, 60, ("a", "r"), (30, -30), (0,)),
]


def the_night() -> Recap:
    """The night of ``HANDS``: Alice, Bob and Carol, and a bot."""
    return night_recap(
        "1234",
        HANDS,
        [Bounty(4, "a", 20)],
        names=NAMES,
        bots={"r"},
        nets={"a": 70, "b": 140, "c": -180, "r": -30},
        transfers=[Transfer("c", "b", 140), Transfer("c", "a", 40)],
    )


def test_the_figures_of_a_night() -> None:
    recap = the_night()
    assert recap.hands == 4
    assert recap.games == ("No-Limit Hold'em", "Pot-Limit Omaha")
    assert recap.biggest_pot == {"hand_number": 2, "pot": 400, "game": "No-Limit Hold'em",
                                 "winners": ["Bob"]}  # fmt: skip
    assert recap.hottest == {"name": "Bob", "luck": 300, "all_ins": 1}
    assert recap.coldest == {"name": "Carol", "luck": -300, "all_ins": 1}
    assert recap.most_won == {"names": ["Alice"], "hands": 3, "of": 4}
    assert recap.bounties == ({"name": "Alice", "count": 1, "chips": 20, "hands": [4]},)
    # People first, by net; the bot last; expected is the net less the luck.
    assert [(row.name, row.net, row.expected, row.bot) for row in recap.standings] == [
        ("Bob", 140, -160, False),
        ("Alice", 70, 70, False),
        ("Carol", -180, 120, False),
        ("Robo", -30, -30, True),
    ]
    assert recap.lines == (
        "Table 1234: 4 hands of No-Limit Hold'em and Pot-Limit Omaha.",
        "Biggest pot: 400 chips, hand #2, to Bob.",
        "Ran hottest: Bob, 300 chips above their all-in equity (1 all-in).",
        "Ran coldest: Carol, 300 chips below their all-in equity (1 all-in).",
        "Most hands won: Alice, 3 of 4.",
        "7-2 bounty: Alice collected once, 20 chips.",
        "Carol pays Bob 140.",
        "Carol pays Alice 40.",
    )
    assert recap.to_dict()["standings"][0] == {
        "player_id": "b", "name": "Bob", "net": 140, "expected": -160, "bot": False,
    }  # fmt: skip


def test_a_quiet_night_and_an_empty_one() -> None:
    quiet = night_recap(
        "0042",
        [hand(1, 30, ("a", "b"), (15, -15), (0,)), hand(2, 30, ("a", "b"), (-15, 15), (1,))],
        [],
        names=NAMES,
        bots=set(),
        nets={"a": 0, "b": 0},
        transfers=[],
    )
    assert quiet.hottest is None and quiet.coldest is None
    assert quiet.biggest_pot is not None and quiet.biggest_pot["hand_number"] == 1  # the first
    assert quiet.most_won == {"names": ["Alice", "Bob"], "hands": 1, "of": 2}
    assert "No all-in ran out against the odds." in quiet.lines
    assert "Most hands won: Alice and Bob, 1 of 2." in quiet.lines
    assert quiet.lines[-1] == "Nobody owes anybody."
    empty = night_recap("0042", [], [], names={}, bots=set(), nets={}, transfers=[])
    assert empty.lines == ("Table 0042: no hand was played.",)
    assert empty.biggest_pot is None and empty.most_won is None


def test_a_hand_from_its_events() -> None:
    events = [
        PotAwarded(0, 300, ((0, 150), (2, 150))),
        PotAwarded(1, 80, ((2, 80),)),
        PotAwarded(2, 0, ((1, 0),)),
    ]
    made = recap_hand(
        7, "nlhe", ["a", "b", "c"], events, results=[50, -200, 150], expected=[60, -200, 140]
    )
    assert made == RecapHand(7, "nlhe", 380, ("a", "b", "c"), (50, -200, 150), (60, -200, 140),
                             (0, 2))  # fmt: skip


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the RGB rows of an 8-bit RGB PNG with no filters (ours)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, dict[bytes, bytes]()
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(
            kind + body
        )
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2)
    return width, height, zlib.decompress(chunks[b"IDAT"])


def pixel_colours(width: int, height: int, rows: bytes) -> set[bytes]:
    """Every colour of the image's pixels (each row after its filter byte, none here)."""
    stride = 1 + width * 3
    assert all(rows[y * stride] == 0 for y in range(height))
    return {
        rows[start : start + 3]
        for y in range(height)
        for start in range(y * stride + 1, (y + 1) * stride, 3)
    }


def test_the_image_is_a_png_in_the_rooms_colours() -> None:
    recap = night_recap(
        "1234",
        HANDS,
        [],
        names=NAMES,
        bots={"r"},
        nets={"a": 70, "b": 140, "c": -180},
        transfers=[],
    )
    width, height, rows = png_pixels(recap_png(recap))
    assert width == 900 and 300 < height < 1000
    assert len(rows) == height * (1 + width * 3)
    colours = pixel_colours(width, height, rows)
    assert bytes(PAGE) in colours
    assert bytes((0xFF, 0xD5, 0x4A)) in colours  # the accent: a figure, a bar that won
    assert bytes((0xFF, 0x8A, 0x80)) in colours  # danger: Carol's loss
    assert recap_png(recap) == recap_png(recap)  # the same night, the same bytes


def test_the_image_speaks_the_language_the_page_asks_for() -> None:
    """The image's lines are the catalogue's in German and Spanish, every letter of them
    drawn as written (the font has their accents); the image differs from the English one.
    The three are kept in tests/artifacts/recap/ to look at."""
    recap = the_night()
    assert recap_lines(recap) == recap.lines  # English: the lines the API sends
    german, spanish = recap_lines(recap, words_in("de")), recap_lines(recap, words_in("es"))
    assert german[0] == "Tisch 1234: 4 Hände No Limit Hold'em und Pot Limit Omaha."
    assert german[1].startswith("Größter Pot: 400 Chips, Hand Nr. 2")
    assert spanish[1].startswith("Bote más grande: 400 fichas")
    for line in (*german, *spanish):
        assert printable(line) == line, line
    SHOTS.mkdir(parents=True, exist_ok=True)
    images = {language: recap_png(recap, language) for language in ("en", "de", "es")}
    for language, image in images.items():
        (SHOTS / f"recap-{language}.png").write_bytes(image)
    assert len(set(images.values())) == 3
    assert png_pixels(images["de"])[0] == 900


def test_the_font_draws_what_it_cannot_spell() -> None:
    assert printable("Zoë \u2212 José ¿Ñandú? ¡Größe!") == "Zoe - José ¿Ñandú? ¡Größe!"
    assert printable("Zoe\u0308") == "Zoe"  # decomposed: the same as Zoë
    umlaut, plain = Canvas(6, 9, PAGE), Canvas(6, 9, PAGE)
    umlaut.text(0, 0, "ü", TEXT, 1)
    plain.text(0, 0, "u", TEXT, 1)
    assert umlaut.pixels != plain.pixels
    assert printable("李") == "?"
    assert all(GLYPHS[char] for char in "Aa0#,")
    assert text_width("ab", 2) == (2 * 6 - 1) * 2
    assert wrapped("one two three four", 10 * 6 * 2) == ["one two", "three four"]
    assert wrapped("x" * 25, 10 * 6 * 2) == ["x" * 10, "x" * 10, "x" * 5]


def test_a_table_rebuilt_from_its_log_sums_the_same_recap() -> None:
    """A stored room's tables (tests/data: a 7-2 bounty paid among them): the recap a table
    sums as its versions are rebuilt from the log is the one ``night_recap`` makes of the
    log's finished hands, and counts every bounty the log paid."""
    path = Path(__file__).parent / "data" / "stored_logs.sqlite3"
    with closing(sqlite3.connect(path)) as database:
        tables = [row[0] for row in database.execute("SELECT id FROM tables ORDER BY id")]
        logs = [
            [
                StoredEvent(seq, kind, json.loads(data), at)
                for seq, kind, data, at in database.execute(
                    "SELECT seq, kind, data, at FROM events WHERE table_id = ? ORDER BY seq",
                    (table_id,),
                )
            ]
            for table_id in tables
        ]
    paid = 0
    for log in logs:
        events = [table_event_from_dict(item.data) for item in log]
        versions = TableVersions.from_stored(log)
        hands = [
            recap_hand(
                played.number,
                played.started.variant,
                played.player_ids,
                played.hand.events,
                results=line.results,
                expected=line.expected,
            )
            for played in played_hands(events)
            for line in [hand_line(played)]
        ]
        bounties = versions.recap.bounties
        assert [(bounty.hand_number, bounty.chips) for bounty in bounties] == [
            (event.hand_number, event.total) for event in events if isinstance(event, BountyPaid)
        ]
        paid += len(bounties)
        assert versions.recap.hands == len(hands)
        ledger = versions.table.ledger
        kept = versions.recap.recap("0000", versions.names, ledger.bots, {}, [])
        folded = night_recap(
            "0000", hands, bounties, names=versions.names, bots=ledger.bots, nets={}, transfers=[]
        )
        assert kept == folded
    assert paid > 0
