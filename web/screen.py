"""Draw the table into the page: morph each region that changed into its new HTML.

The regions' HTML comes from ``markup`` (escaped by construction). It is morphed
into the live DOM with idiomorph (vendored, ``window.Idiomorph``) rather than
assigned to ``innerHTML``, so the elements that stay keep their focus, scroll
position and running animations across a redraw. Should the library be missing,
the region's content is replaced instead (the page still works).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import js
from i18n import t
from pyodide.ffi import to_js

REGION_NAMES = {"hand": "hand_name"}
"""Regions with an accessible name (``aria-label``) in the table's language."""


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
        self.options = to_js({"morphStyle": "innerHTML"}, dict_converter=js.Object.fromEntries)

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
        if classes != self.classes:
            self.root.className = classes
            self.classes = classes
        if lang != self.lang:
            self.document.documentElement.lang = "zh-CN" if lang == "zh" else "en"
            for region, key in REGION_NAMES.items():
                self.document.getElementById(region).setAttribute("aria-label", t(lang, key))
            self.lang = lang
