"""Issue 36: card faces people recognise (``web/micro/cardface.py``, ``web/cards.svg``).

Pips laid out as on a real card (as many as the rank), a figure on the court cards, a
jester on the jokers, every shape defined once in the sprite the built pages carry.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from micro import cardface
from render.faces import card_face

ROOT = Path(__file__).resolve().parents[2]
SUITS = "SHCD"
CARDS = [rank + suit for suit in SUITS
         for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


def used(face: str) -> list[str]:
    return re.findall(r'<use href="#([^"]+)"', face)


@pytest.mark.parametrize("suit", SUITS)
def test_pip_cards_show_as_many_pips_as_their_rank(suit: str) -> None:
    for rank in range(2, 11):
        face = card_face("zh", f"{rank}{suit}")
        pips = [name for name in used(face) if name in ("p" + suit, "q" + suit)]
        assert len(pips) == rank, (rank, suit, face)
        # the lower half upside down, as on a real card; never two pips in one place
        assert pips.count("q" + suit) == sum(1 for _, row in cardface.PIPS[str(rank)] if row > 0.5)
        places = re.findall(r'x="(\d+)" y="(\d+)"', face)
        assert len(set(places)) == rank
    assert used(card_face("en", "A" + suit)) == ["p" + suit]  # an ace: one large pip


@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_court_cards_show_a_figure_not_only_a_letter(rank: str) -> None:
    for suit in SUITS:
        face = card_face("zh", rank + suit)
        assert f'<use href="#{rank}" class="figure">' in face, face
        assert f'class="card suit-{suit}"' in face  # the figure's robe takes the suit colour
    sprite = (ROOT / "web" / "cards.svg").read_text()
    figure = re.search(rf'<g id="f{rank}">(.*?)</g>', sprite)
    assert figure is not None and figure.group(1).count("<path") >= 2  # a drawing, not a letter


def test_every_shape_a_card_uses_is_in_the_sprite_once() -> None:
    sprite = (ROOT / "web" / "cards.svg").read_text()
    ids = re.findall(r'\bid="([^"]+)"', sprite)
    assert len(ids) == len(set(ids))
    for card in [*CARDS, "BJ", "SJ"]:
        names = used(card_face("en", card))
        assert names and set(names) <= set(ids), (card, names)
    inner = set(re.findall(r'href="#([^"]+)"', re.sub(r"<!--.*?-->", "", sprite, flags=re.S)))
    assert inner <= set(ids)


@pytest.mark.web
def test_the_built_pages_carry_the_card_sprite(dist_dir: Path) -> None:
    """The painter's first frame and the embed find the shapes in their own page."""
    sprite = (ROOT / "web" / "cards.svg").read_text().strip()
    for page in ("index.html", "embed.html"):
        text = (dist_dir / page).read_text()
        assert text.count(sprite) == 1, page
        assert text.index(sprite) < text.index("<main"), page  # outside what is redrawn


def test_a_card_s_face_is_drawn_once_and_kept() -> None:
    """The painter (MicroPython) draws the same few dozen faces frame after frame."""
    assert cardface.face("7H") is cardface.face("7H")
    assert "?" in card_face("en", "7X")  # not a card: drawn as one, never kept
    assert "7X" not in cardface._FACES
