"""The live table's side of the first paint (``paint.py``): keep seat 0's view, take over.

* **Keep**: after every save of the match (``keeping.save``), seat 0's view as the
  painter reads it (``render.painted.painted_view`` of the engine's wire form: only
  that seat's own hand, the trick on the table and the public counts) is stored under
  ``PAINT_KEY``, tied to the record just written (``paint_check.dumps``). A failed
  write is not the match's failure: the painter then refuses the stale view and the
  engine draws the table.
* **Take over**: when the engine has replayed the stored match, ``adopt`` compares
  its own view with the one painted; the same view keeps the cards the player
  selected on the painted table, another one is redrawn (the live table's first
  draw morphs it) with a notice that nothing is lost.

>>> from tractor import Match, Rules
>>> from tractor.save import dumps
>>> m = Match(Rules(), seed=5)
>>> for _ in range(20):
...     m.apply(m.system_action())
>>> record = dumps(m)
>>> text = paint_text(m.observe(0).to_data(), record)
>>> paint_check.parse(text, record)["hand"] == m.observe(0).to_data()["hand"]
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from micro import paint_check
from render.painted import painted_view
from text.messages import Msg

from house.core import view
from house.state import Table

if TYPE_CHECKING:
    from micro.paintdata import PaintedView
    from tractor.viewdata import ViewData

PAINT_KEY = paint_check.KEY


def painter_view(view: ViewData) -> PaintedView:
    """Seat 0's ``view`` (its wire form) as the painter stores and draws it."""
    return painted_view(view)


def paint_text(view: ViewData, record: str) -> str:
    """The stored text of seat 0's ``view``, taken from the match record ``record``."""
    return paint_check.dumps(painted_view(view), record)


def keep(table: Table, record: str) -> None:
    """Store seat 0's view beside the match record just written (best effort)."""
    table.keep.store.set_quietly(PAINT_KEY, paint_text(view(table), record))


def adopt(table: Table, painted: str | None, selection: list[int]) -> None:
    """Take over the painted table: keep its selection when the engine's view is the one
    painted, else say that the table is redrawn and nothing is lost."""
    if painted is None:
        return
    try:
        same = json.loads(painted) == painter_view(view(table))
    except ValueError:
        same = False
    if same:
        size = len(view(table)["hand"])
        table.seat.selected = {index for index in selection if 0 <= index < size}
    else:
        table.words.notice = Msg("repainted")
