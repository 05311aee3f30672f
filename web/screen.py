"""Draw the table into the page: swap the HTML of the regions that changed."""

from __future__ import annotations

from typing import Any


class DomScreen:
    """The page's regions (elements with ``id`` = region name) and its root element."""

    def __init__(self, document: Any, root_id: str = "table"):
        self.document = document
        self.root = document.getElementById(root_id)
        self.elements: dict[str, Any] = {}
        self.drawn: dict[str, str] = {}
        self.classes = ""
        self.lang = ""

    def show(self, regions: dict[str, str], classes: str, lang: str) -> None:
        for name, html in regions.items():
            if self.drawn.get(name) == html:
                continue
            element = self.elements.get(name)
            if element is None:
                element = self.elements[name] = self.document.getElementById(name)
            element.innerHTML = html
            self.drawn[name] = html
        if classes != self.classes:
            self.root.className = classes
            self.classes = classes
        if lang != self.lang:
            self.document.documentElement.lang = "zh-CN" if lang == "zh" else "en"
            self.lang = lang
