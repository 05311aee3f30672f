"""Draw the table into the page: morph each region that changed into its new HTML.

The regions' HTML comes from ``markup`` (escaped by construction). It is morphed
into the live DOM with idiomorph (vendored, ``window.Idiomorph``) rather than
assigned to ``innerHTML``, so the elements that stay keep their focus, scroll
position and running animations across a redraw (and the bar's menu stays open:
``morphs_attribute``). Should the library be missing,
the region's content is replaced instead (the page still works).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import js
from micro.paintable import MANY_CARDS, MODAL_OPEN
from micro.paintbar import MENU_BUTTON
from pyodide.ffi import create_proxy, jsnull, to_js
from render.table import REGIONS
from text.i18n import HTML_LANG, t

REGION_NAMES = {"hand": "hand_name"}
"""Regions with an accessible name (``aria-label``) in the table's language."""


def morphs_attribute(name: str, element: Any, change: str) -> bool:
    """Whether the redraw may set (or remove) this attribute: not the bar's menu button's
    ``aria-expanded``, which follows the open menu (``micro.barmenu``; the browser keeps the
    menu open, with no attribute, across a redraw)."""
    return not (name == "aria-expanded" and str(element.id) == MENU_BUTTON)


class DomScreen:
    """The page's regions (elements with ``id`` = region name) and its root element."""

    def __init__(self, document: Any, root_id: str = "table"):
        self.document = document
        self.root = document.getElementById(root_id)
        self.elements: dict[str, Any] = {}
        self.drawn: dict[str, str] = {}
        self.classes = ""
        self.lang = ""
        self.morph = getattr(js, "Idiomorph", None)
        self.keep = create_proxy(morphs_attribute)
        self.options = to_js({"morphStyle": "innerHTML",
                              "callbacks": {"beforeAttributeUpdated": self.keep}},
                             dict_converter=js.Object.fromEntries)
        self.dialogs: list[tuple[str, Any]] = []  # open dialogs: (name, focus to give back)
        self.inert = False  # the table behind a blocking dialog

    def focus_dialog(self) -> None:
        """A dialog that opens takes the focus (its first button); one that closes gives it back."""
        found = self.document.querySelectorAll("#overlay [aria-modal=true]")
        names = [str(found.item(i).getAttribute("data-testid")) for i in range(found.length)]
        while self.dialogs and self.dialogs[-1][0] not in names:
            _, previous = self.dialogs.pop()
            if not self.dialogs and previous not in (None, jsnull) and previous.isConnected:
                previous.focus()
            elif self.dialogs:
                self._focus_first(self.dialogs[-1][0])
        for name in names:
            if name not in [n for n, _ in self.dialogs]:
                self.dialogs.append((name, self.document.activeElement))
                self._focus_first(name)

    def _focus_first(self, name: str) -> None:
        dialog = self.document.querySelector(f'#overlay [data-testid="{name}"]')
        if dialog is None or dialog is jsnull:
            return
        first = dialog.querySelector("[data-autofocus]") or dialog.querySelector(
            "button:not([disabled]), select"
        )
        if first is not None and first is not jsnull:
            first.focus()

    def set_inert(self, inert: bool) -> None:
        """Behind a blocking dialog the table is inert: no focus, no clicks, and screen
        readers do not reach it (set only when that changes)."""
        self.inert = inert
        for name in REGIONS:
            if name in ("overlay", "probe"):
                continue
            element = self.document.getElementById(name)
            if element is not None and element is not jsnull:
                element.inert = inert

    def _size_hand(self, element: Any) -> None:
        """Tell the CSS how many cards the hand holds (``--n``) and its longest row
        (``--row-n``): it sizes the cards to fit the screen (CSSOM, allowed by the CSP)."""
        rows = element.querySelectorAll(".hand-row")
        counts = [int(rows.item(i).childElementCount) for i in range(rows.length)]
        element.style.setProperty("--n", str(max(1, sum(counts))))
        element.style.setProperty("--row-n", str(max([1, *counts])))
        element.classList.toggle("many", sum(counts) > MANY_CARDS)

    def show(self, regions: Mapping[str, str], classes: str, lang: str) -> None:
        for name, html in regions.items():
            if self.drawn.get(name) == html:
                continue
            element = self.elements.get(name)
            if element is None:
                element = self.elements[name] = self.document.getElementById(name)
            if self.morph is not None:
                self.morph.morph(element, html, self.options)
            else:
                element.innerHTML = html
            self.drawn[name] = html
            if name == "hand":
                self._size_hand(element)
        if classes != self.classes:  # before the focus moves: an inert opener takes none
            self.root.className = classes
            self.classes = classes
            modal = MODAL_OPEN in classes.split()
            if modal != self.inert:
                self.set_inert(modal)
        if "overlay" in regions:
            self.focus_dialog()
        if lang != self.lang:
            self.document.documentElement.lang = HTML_LANG.get(lang, "en")
            self.document.title = t(lang, "title")  # the tab's name in the table's language
            for region, key in REGION_NAMES.items():
                self.document.getElementById(region).setAttribute("aria-label", t(lang, key))
            self.lang = lang
