"""A seat's round avatar, as the 升级 apps draw one beside each player: its own figure
in ``web/cards.svg`` (``#av0``..``#av3``: blue, red, green and purple, each with a mark of
its own), which the table and the embed carry in their pages.

Runs unchanged in MicroPython (the painter and the embed): no ``typing`` at run time.

>>> print(avatar(2))  # doctest: +NORMALIZE_WHITESPACE
<span class="avatar" aria-hidden="true"><svg viewbox="0 0 40 40"><use
href="#av2"></use></svg></span>
"""

from micro.markup import Markup, el


def avatar(seat: int) -> Markup:
    """The seat's avatar, hidden from readers (the seat's name says who sits there)."""
    return el("span", el("svg", el("use", href="#av" + str(seat)), viewbox="0 0 40 40"),
              class_="avatar", aria_hidden="true")
