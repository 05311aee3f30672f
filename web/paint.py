"""index.html's first script (MicroPython): paint the table before Pyodide is up.

MicroPython starts in about half a second; the engine (Pyodide) takes several. So
this script draws the table at once from what the page already has, then starts
the engine:

* a **repeat visit**: seat 0's last view, stored beside the match record
  (``tractor.paint``, checked by ``paint_check``: bounded, strict, typed, tied to
  the stored record), drawn by ``paintable``, the renderer the live table uses: the
  bar, the seats, the trick and the player's own hand. The cards can be selected
  at once (a click toggles ``sel``, as the live table does); the engine keeps that
  selection when its own view is the painted one (``main.py``); the bar's menu opens,
  closes and is moved through with the keys (``barmenu``), as on the live table;
* a **first visit** (nothing stored), or no view to paint (none stored, or refused):
  the bare table (``paintable.bare_regions``): the bar's title and buttons (and a first
  visit's welcome line), the seats by name, nothing that claims a hand, a level or
  cards; the download's progress bar (``boot.js``) stays in the middle.

Then it asks ``boot.js`` to start the engine (``tractorStartEngine``: it adds the
Pyodide script, whose config is the page's ``py-config``; or, when this script runs
before that deferred one has, ``tractorEngineWanted`` for it to see), so Pyodide's download
never competes with the paint. Nothing from storage becomes markup except through
``markup.el``; a refused or missing view paints nothing from it, silently (the
engine draws the table as before). Once the live table has drawn (``data-live`` on
the table), this script does nothing more.
"""

import js

js.performance.mark("tractor-paint-start")  # MicroPython runs this file (measure_paint.py)

import json  # noqa: E402

from jsonscan import depth_within, strict_error  # noqa: E402
from micro import barmenu, paint_check, paintable  # noqa: E402
from micro.markup import Markup  # noqa: E402
from micro.words import HTML_LANG, LANGUAGES, Words, language_of, table_say  # noqa: E402
from pyscript import document  # noqa: E402
from pyscript.ffi import create_proxy  # noqa: E402

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

window = js.window  # pyscript.window's methods lose their ``this`` in MicroPython 1.27
MATCH_KEY = "tractor.match"
SETTINGS_KEY = "tractor.settings"
MAX_SETTINGS = 10000
"""The longest settings text read (as the table reads it: ``storage.MAX_SMALL_RECORD``)."""
kept = []  # type: list[Any]


def stored(key: str) -> "str | None":
    """A stored text (None when absent, or when the storage cannot be read).

    Read through ``web/storage_probe.js``: a blocked localStorage throws, and MicroPython
    1.27 cannot catch a JavaScript exception (the painter would stop there)."""
    read = getattr(window, "tractorStored", None)
    if read is None:
        return None
    value = read(key)
    return value if isinstance(value, str) else None


def settings() -> "dict[str, Any]":
    """The stored settings, bounded and strict (``{}`` when absent or refused)."""
    text = stored(SETTINGS_KEY)
    if text is None or len(text) > MAX_SETTINGS:
        return {}
    if not depth_within(text, 3) or strict_error(text) >= 0:
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def query_speed() -> "str | None":
    """``?speed=`` of this visit, when it is one of the speeds."""
    search = str(window.location.search or "")
    for part in search.lstrip("?").split("&"):
        if part.startswith("speed=") and part[6:] in paintable.SPEEDS:
            return part[6:]
    return None


def words_table() -> "dict[str, Any]":
    with open("paint_text.json") as handle:
        data = json.load(handle)
    return data  # type: ignore[no-any-return]


def region(name: str) -> "Any":
    return document.getElementById(name)


def size_hand(element: "Any") -> None:
    """As the live table does (``screen.DomScreen``): the hand's card count for the CSS."""
    rows = element.querySelectorAll(".hand-row")
    counts = [int(rows.item(i).childElementCount) for i in range(rows.length)]
    total = sum(counts)
    element.style.setProperty("--n", str(max(1, total)))
    element.style.setProperty("--row-n", str(max([1] + counts)))
    element.classList.toggle("many", total > paintable.MANY_CARDS)


def on_click(event: "Any") -> None:
    """Select or unselect a painted card (until the live table takes over)."""
    if root.getAttribute("data-live"):
        return
    card = event.target.closest("[data-action=select]")
    if card is None or not region("hand").contains(card):
        return
    chosen = not card.classList.contains("sel")
    card.classList.toggle("sel", chosen)
    card.setAttribute("aria-pressed", "true" if chosen else "false")


def on_menu_click(event: "Any") -> None:
    """The bar's menu closes after an item (until the live table takes over: ``barmenu``)."""
    if not root.getAttribute("data-live"):
        barmenu.chosen(document, event.target)


def on_menu_key(event: "Any") -> None:
    """The arrow keys in the bar's menu (until the live table takes over)."""
    if not root.getAttribute("data-live"):
        barmenu.key(document, event)


def on_menu_toggle(event: "Any") -> None:
    """The bar's menu opened or closed (until the live table takes over)."""
    if not root.getAttribute("data-live"):
        barmenu.toggled(document, event)


def paint() -> None:
    """Draw what can be drawn; record the painted view for the engine (``tractorPainted``)."""
    chosen = settings()
    lang = chosen.get("lang")
    if lang not in LANGUAGES:
        lang = language_of(str(window.navigator.language or ""))
    words = Words(lang, table_say(words_table()))
    record = stored(MATCH_KEY)
    first_visit = record is None and stored(SETTINGS_KEY) is None
    view = None
    try:
        view = paint_check.parse(stored(paint_check.KEY), record)
    except paint_check.PaintError as refused:
        if record is not None:
            print("stored view not painted: " + str(refused))
    except ValueError as refused:  # a parser's refusal of what the scanner let through
        print("stored view not painted: " + str(refused))
    if root.getAttribute("data-live"):
        return
    sound = chosen.get("sound") is not False  # the bar's sound toggle (on by default)
    if view is None:  # the download's progress stays in the middle
        drawn = paintable.bare_regions(words, first_visit, sound)
    else:
        drawn = paintable.regions(words, view, first_visit, sound)
    for name, html in drawn.items():  # the first drawing: the live table morphs it
        if isinstance(html, Markup):  # markup.el's text, escaped by construction
            region(name).innerHTML = str(html)
    speed = query_speed() or chosen.get("speed")
    root.className = paintable.root_classes(
        view, chosen.get("four_color") is True,
        speed if speed in paintable.SPEEDS else paintable.DEFAULT_SPEED)
    document.documentElement.lang = HTML_LANG[lang]
    document.title = words("title")
    if view is not None:
        hand = region("hand")
        hand.setAttribute("aria-label", words("hand_name"))
        size_hand(hand)
        status = document.querySelector("[data-testid=status]")
        status.textContent = words("painted_starting")
        window.tractorPainted = json.dumps(view)
        root.setAttribute("data-painted", "view")
    else:
        root.setAttribute("data-painted", "table")
    window.performance.mark("tractor-painted")  # scripts/measure_paint.py reads the marks


root = region("table")
window.performance.mark("tractor-paint-imported")
try:
    handler = create_proxy(on_click)
    kept.append(handler)
    region("hand").addEventListener("click", handler)
    for kind, menu_handler in (("click", on_menu_click), ("keydown", on_menu_key)):
        kept.append(create_proxy(menu_handler))
        document.addEventListener(kind, kept[-1])
    kept.append(create_proxy(on_menu_toggle))
    document.addEventListener("toggle", kept[-1], True)  # it does not bubble
    paint()
except Exception as error:  # never in the way of the engine: it draws the table anyway
    print("painting failed: " + str(error))
finally:  # boot.js (a deferred script) may not have run yet: it then starts the engine itself
    window.tractorEngineWanted = True
    if getattr(window, "tractorStartEngine", None) is not None:
        window.tractorStartEngine()
