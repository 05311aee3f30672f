"""Issue 36: card faces people recognise (``web/micro/cardface.py``, ``web/cards.svg``).

Pips laid out as on a real card (as many as the rank), a figure on the court cards, a
jester on the jokers, every drawing defined once in the sprite the built pages carry.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from micro import cardface
from render.faces import card_face

ROOT = Path(__file__).resolve().parents[3]
SPRITE = (ROOT / "web" / "cards.svg").read_text()
SUITS = "SHCD"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def drawing(card: str) -> tuple[str, str]:
    """The class and the sprite's drawing of the one ``<use>`` on ``card``'s face."""
    face = card_face("zh", card)
    uses = re.findall(r'<use href="#([^"]+)" class="([^"]+)">', face)
    assert len(uses) == 1, face
    name, kind = uses[0]
    found = re.search(rf'<g id="{name}">.*?</g>|<use id="{name}" [^>]*/>', SPRITE)
    assert found is not None, (card, name)
    return kind, found.group(0)


@pytest.mark.parametrize("suit", SUITS)
def test_pip_cards_show_as_many_pips_as_their_rank(suit: str) -> None:
    for rank in range(2, 11):
        kind, shape = drawing(f"{rank}{suit}")
        pips = re.findall(rf'<use href="#([pq]){suit}" x="(\d+)" y="(\d+)"/>', shape)
        assert kind == "pips" and len(pips) == rank, (rank, suit, shape)
        assert len({(x, y) for _, x, y in pips}) == rank  # never two in one place
        # the lower half upside down (q), as on a real card; the upper half upright (p)
        assert all((side == "q") == (int(y) > 64) for side, _, y in pips), shape
    kind, shape = drawing("A" + suit)  # an ace: one large pip
    assert kind == "pips" and shape.count(f'href="#p{suit}"') == 1 and "matrix(2.4" in shape


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_court_cards_show_a_figure_not_only_a_letter(rank: str) -> None:
    for suit in SUITS:
        kind, shape = drawing(rank + suit)
        assert kind == "figure" and f'<use href="#{rank}"/>' in shape, shape
        assert f'class="card suit-{suit}"' in card_face("en", rank + suit)  # suit colour
    figure = re.search(rf'<g id="f{rank}">(.*?)</g>', SPRITE)
    assert figure is not None and figure.group(1).count("<path") >= 2  # a drawing, not a letter


def test_jokers_show_the_jester() -> None:
    for card in ("BJ", "SJ"):
        kind, shape = drawing(card)
        assert kind == "figure" and shape.startswith('<g id="joker">')


def test_every_drawing_a_card_uses_is_in_the_sprite_once() -> None:
    ids = re.findall(r'\bid="([^"]+)"', SPRITE)
    assert len(ids) == len(set(ids))
    cards = [rank + suit for suit in SUITS for rank in RANKS] + ["BJ", "SJ"]
    assert {drawing(card)[1] for card in cards}  # each one found (drawing asserts it)
    inner = set(re.findall(r'href="#([^"]+)"', re.sub(r"<!--.*?-->", "", SPRITE, flags=re.S)))
    assert inner <= set(ids)


def test_a_card_s_face_is_one_small_use_drawn_once_and_kept() -> None:
    """The painter (MicroPython) draws the same few dozen faces over and over: each face
    is one ``<use>`` (its card under 260 bytes) and is built once."""
    assert cardface.face("7H") is cardface.face("7H")
    cards = [rank + suit for suit in SUITS for rank in RANKS] + ["BJ", "SJ"]
    assert max(len(card_face("zh", card).encode()) for card in cards) < 260
    assert "?" in card_face("en", "7X")  # not a card: drawn as one, never kept
    assert "7X" not in cardface._FACES


@pytest.mark.web
def test_the_built_pages_carry_the_card_sprite(dist_dir: Path) -> None:
    """The painter's first frame and the embed find the drawings in their own page."""
    sprite = SPRITE.strip()
    for page in ("index.html", "embed.html"):
        text = (dist_dir / page).read_text()
        assert text.count(sprite) == 1, page
        assert text.index(sprite) < text.index("<main"), page  # outside what is redrawn
