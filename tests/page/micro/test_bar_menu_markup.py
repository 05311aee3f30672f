"""The bar's menu (issue 36), as both interpreters draw it (``paintbar.menu``) and as it
works (``barmenu``, on a stand-in for the page's elements).

On a phone the bar keeps the buttons of a hand and a menu button; the menu (a popover)
holds the others, each an icon and its words in the table's language; every hook stays
once. ``barmenu`` names the button's state, gives the focus to the first item, moves it
with the arrow keys and closes the menu after an item.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from micro import barmenu, paintable, paintbar
from micro.words import LANGUAGES, Words, table_say
from text import pofile
from text.i18n import words_of

ROOT = Path(__file__).resolve().parents[3]
SAY = table_say(pofile.paint_table(ROOT / "web", paintable.KEYS))
"""The painter's words (``paint_text.json``)."""
HAND_HOOKS = ("last-trick", "log-toggle", "sound")
MENU_HOOKS = ("new-game", "friends", "how-to-play", "drills-open", "records", "settings",
              "lang-toggle")
WORDS = {"new-game": "new_game", "friends": "friends", "how-to-play": "how_to_play",
         "drills-open": "drills", "records": "records", "settings": "settings",
         "lang-toggle": "language"}
"""Each menu item's words."""


class Tree(HTMLParser):
    """Each element with a test id: its attributes, the ids of the elements around it and
    the texts of its ``icon``/``label`` parts (``short``/``long`` for the link)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, str]] = []
        self.hooks: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        self.box: dict[str, str] = {}  # the language's icon and words, around its list

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        found["tag"] = tag
        self.stack.append(found)
        hook = found.get("data-testid")
        if hook:
            assert hook not in self.hooks, f"{hook} twice"
            self.hooks[hook] = {"attrs": found, "parts": {}, "around": [
                e.get("id", "") for e in self.stack[:-1]]}
            self.order.append(hook)

    def handle_endtag(self, tag: str) -> None:
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        part = next((c for e in reversed(self.stack) for c in e.get("class", "").split()
                     if c in ("icon", "label", "short", "long")), None)
        owner = next((e.get("data-testid", "") for e in reversed(self.stack)
                      if e.get("data-testid") or "lang-box" in e.get("class", "")), "")
        if part and owner:
            self.hooks[owner]["parts"][part] = data
        elif part:
            self.box[part] = data


def parsed(words: Words, friends: bool = True) -> Tree:
    tree = Tree()
    tree.feed(str(paintbar.bar_buttons(words, friends=friends)))
    return tree


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_s_bar_keeps_a_hand_s_buttons_and_a_menu_of_icons_with_words(lang: str) -> None:
    words = words_of(lang)  # the live table's (with play with friends)
    tree = parsed(words)
    assert tree.order == [*HAND_HOOKS, "menu", *MENU_HOOKS]  # each hook once
    button = tree.hooks["menu"]["attrs"]
    assert button["tag"] == "button" and button["popovertarget"] == paintbar.MENU
    assert button["aria-haspopup"] == "menu" and button["aria-expanded"] == "false"
    assert button["aria-controls"] == paintbar.MENU and button["title"] == words("menu")
    assert tree.hooks["menu"]["parts"] == {"icon": "☰", "label": words("menu")}
    for hook in HAND_HOOKS:
        assert paintbar.MENU not in tree.hooks[hook]["around"], hook
    assert tree.hooks["log-toggle"]["parts"]["icon"] == paintbar.LOG_ICON != "☰"
    for hook in MENU_HOOKS:
        assert tree.hooks[hook]["around"][-1 if hook != "lang-toggle" else -2] == paintbar.MENU
        if hook != "lang-toggle":
            assert tree.hooks[hook]["attrs"]["role"] == "menuitem", hook
    for hook, key in WORDS.items():
        parts = tree.hooks[hook]["parts"]
        if hook == "how-to-play":
            assert parts == {"short": "?", "long": words(key)}
        elif hook == "lang-toggle":
            assert tree.box == {"icon": "文A", "label": words(key)}
        else:
            assert parts["label"] == words(key) and parts["icon"], hook
    painted = parsed(Words(lang, SAY), friends=False)  # the painter's words suffice
    assert painted.order == [*HAND_HOOKS, "menu", *(h for h in MENU_HOOKS if h != "friends")]


def test_the_menu_s_words_are_in_each_language() -> None:
    said = {Words(lang, SAY)("menu") for lang in LANGUAGES}
    assert said == {"菜单", "選單", "Menu"}


class Nodes:
    """A NodeList: ``length`` and ``item``."""

    def __init__(self, elements: list[Element]) -> None:
        self.elements = elements
        self.length = len(elements)

    def item(self, index: int) -> Element:
        return self.elements[index]


class Element:
    def __init__(self, page: Page, ident: str = "", tag: str = "BUTTON",
                 item: bool = True) -> None:
        self.page, self.id, self.tagName, self.is_item = page, ident, tag, item
        self.attributes: dict[str, str] = {}

    def matches(self, selector: str) -> bool:
        if selector == ":focus":
            return self.page.focus is self
        assert selector == barmenu.ITEM
        return self.is_item

    def focus(self) -> None:
        self.page.focus = self

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 -- the DOM's name
        self.attributes[name] = value

    def contains(self, other: Element) -> bool:
        return other is self or other in self.page.items

    def hidePopover(self) -> None:  # noqa: N802 -- the DOM's name
        self.page.open = False


class Page:
    """The document as ``barmenu`` sees it: the menu, its button and its items."""

    def __init__(self) -> None:
        self.open = False
        self.focus: Element | None = None
        self.menu = Element(self, paintbar.MENU, "DIV", item=False)
        self.button = Element(self, paintbar.MENU_BUTTON)
        self.items = [Element(self, hook) for hook in ("new-game", "records", "settings")]
        self.items.append(Element(self, "lang-menu", "SELECT", item=False))
        self.activeElement = None

    def querySelectorAll(self, selector: str) -> Nodes:  # noqa: N802 -- the DOM's name
        found = {barmenu.OPEN: [self.menu] if self.open else [],
                 barmenu.ITEMS: self.items if self.open else [],
                 "#" + paintbar.MENU_BUTTON: [self.button]}
        return Nodes(found[selector])


class Event:
    def __init__(self, target: Element | None = None, key: str = "",
                 new_state: str = "") -> None:
        self.target, self.key, self.newState = target, key, new_state
        self.prevented = False

    def preventDefault(self) -> None:  # noqa: N802 -- the DOM's name
        self.prevented = True


def test_the_opened_menu_takes_the_focus_and_its_button_says_so() -> None:
    page = Page()
    page.open = True
    barmenu.toggled(page, Event(page.menu, new_state="open"))
    assert page.button.attributes["aria-expanded"] == "true" and page.focus is page.items[0]
    page.open = False
    barmenu.toggled(page, Event(page.menu, new_state="closed"))
    assert page.button.attributes["aria-expanded"] == "false"
    barmenu.toggled(page, Event(page.items[0], new_state="open"))  # another popover's
    assert page.button.attributes["aria-expanded"] == "false"


def test_the_arrow_keys_move_through_the_open_menu_and_round_its_ends() -> None:
    page = Page()
    assert not barmenu.key(page, Event(key="ArrowDown"))  # closed: not the menu's key
    page.open = True
    moves = [("ArrowDown", 0), ("ArrowDown", 2), ("ArrowUp", 1), ("Home", 0), ("ArrowUp", 3)]
    for key, goal in moves:
        if key == "ArrowDown" and goal == 2:
            page.items[1].focus()
        event = Event(key=key)
        assert barmenu.key(page, event) and event.prevented
        assert page.focus is page.items[goal], key
    page.items[1].focus()
    assert barmenu.key(page, Event(key="End")) and page.focus is page.items[3]
    event = Event(key="ArrowUp")  # on the language's list: its own arrows
    assert not barmenu.key(page, event) and not event.prevented
    assert not barmenu.key(page, Event(key="Enter"))


def test_an_item_or_a_language_chosen_closes_the_menu_and_nothing_else_does() -> None:
    page = Page()
    page.open = True
    barmenu.chosen(page, page.items[3])  # the language's list opens: still choosing
    assert page.open
    barmenu.chosen(page, page.menu)  # the menu's own space
    assert page.open
    barmenu.chosen(page, page.items[1])
    assert not page.open
    page.open = True
    barmenu.changed(page, page.items[3])
    assert not page.open
    assert not barmenu.close(page)
    page.open = True
    assert barmenu.close(page) and not page.open
