"""Issue 36: every seat shows a round avatar, as the 升级 apps do (``micro.avatar``,
its figures ``#av0``..``#av3`` in ``web/cards.svg``), in the painted table and the live
one, in every phase and language; hidden from readers (the seat's name is the text)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from house import painting
from micro import paint_check, paintable
from micro.words import LANGUAGES, Words, seat_name, table_say
from render.table import Scene, render
from store.settings import Settings
from text import pofile
from tractor.match import Match
from tractor.players import make_player
from tractor.rules import Rules
from tractor.runner import step
from tractor.save import dumps

ROOT = Path(__file__).resolve().parents[3]
SPRITE = (ROOT / "web" / "cards.svg").read_text()
SAY = table_say(pofile.paint_table(ROOT / "web", paintable.KEYS))


def avatars(html: str) -> list[str]:
    """The figures of the avatars in a seat's markup (``av2`` for ``#av2``)."""
    return re.findall(r'<span class="avatar" aria-hidden="true"><svg viewbox="0 0 40 40">'
                      r'<use href="#(av\d)"></use></svg></span>', html)


def match_in_play() -> Match:
    m = Match(Rules(), seed=7)
    players = [make_player("easy", s) for s in range(4)]
    while m.phase != "play" or not m.trick:
        step(m, players)
    return m


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seat_shows_its_own_avatar_painted_and_live(lang: str) -> None:
    m = match_in_play()
    view = m.observe(0).to_data()
    words = Words(lang, SAY)
    live = render(Scene(view=view, settings=Settings(lang=lang), lang=lang))
    painted = paintable.regions(words, paint_check.parse(painting.paint_text(view, dumps(m)),
                                                         dumps(m)))
    bare = paintable.bare_regions(words, False)
    for regions in (live, painted, bare):
        for seat in range(4):
            html = str(regions["seat-" + str(seat)])
            assert avatars(html) == ["av" + str(seat)], html
            assert 'class="back"' not in html  # the avatar replaced the small card back
            assert seat_name(words, seat) in html  # the accessible name stays the text


def test_each_seat_s_figure_is_drawn_and_has_its_own_colour() -> None:
    colours = []
    for seat in range(4):
        figure = re.search(rf'<g id="av{seat}"><rect width="40" height="40" fill="(#\w+)"/>'
                           r'(.*?)</g>\n', SPRITE)
        assert figure is not None, seat
        colours.append(figure.group(1))
        assert figure.group(2).count("<path") >= 1  # its own mark: hair, cap, bun, glasses
    assert len(set(colours)) == 4


def test_a_friend_s_seat_keeps_its_avatar_and_its_link_state() -> None:
    m = match_in_play()
    painted = paint_check.parse(painting.paint_text(m.observe(0).to_data(), dumps(m)), dumps(m))
    html = str(paintable.seat_box(Words("en", SAY), painted, 2, remote="dropped", name="Mei"))
    assert avatars(html) == ["av2"]
    assert 'data-remote="dropped"' in html and "remote-dropped" in html and "Mei" in html
