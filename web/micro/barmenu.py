"""The bar's menu at work (``paintbar.menu``), in both interpreters: the painter's
(MicroPython, until the live table has drawn: ``web/paint.py``) and the page's
(``page.controls``).

The menu is a popover: its button opens and closes it, and Escape or a tap outside
closes it (the browser's light dismiss), with no script at all; the browser keeps its
open state, which no attribute holds, so the morphing redraw never closes it. These
handlers add the rest of a menu: the button's ``aria-expanded`` follows the menu and the
focus goes to its first item when it opens (``toggled``, on the ``toggle`` event), the
arrow keys, Home and End move the focus through its items (``key``), and choosing an
item (or a language) closes it (``chosen``). A wide screen shows the items in the bar:
the menu is never open there.

Runs unchanged in MicroPython: no ``typing`` at run time, annotations in quotes; every
element is looked up with ``querySelectorAll`` and compared with ``matches`` (never a
JavaScript ``null`` to test nor two proxies to compare, which the two interpreters hand
over differently).
"""

from micro.paintbar import MENU, MENU_BUTTON

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

OPEN = "#" + MENU + ":popover-open"
"""The menu, when it is open."""
ITEMS = OPEN + " [role=menuitem], " + OPEN + " select"
"""The open menu's items, in order (the language's list among them)."""
ITEM = "[role=menuitem], [role=menuitem] *"
"""An item of the menu, or a part of one (its icon, its words)."""
ITEM_KEYS = ("ArrowDown", "ArrowUp", "Home", "End")


def open_menu(document: "Any") -> "Any":
    """The bar's menu when it is open, else None."""
    found = document.querySelectorAll(OPEN)
    return found.item(0) if found.length else None


def close(document: "Any") -> bool:
    """Close the menu if it is open; whether it was."""
    menu = open_menu(document)
    if menu is None:
        return False
    menu.hidePopover()
    return True


def toggled(document: "Any", event: "Any") -> None:
    """The menu opened or closed (its ``toggle`` event, which does not bubble: listened for
    on the document while capturing): its button says so, and an opened menu takes the
    focus (its first item)."""
    target = event.target
    if str(target.id or "") != MENU:
        return
    opened = str(event.newState) == "open"
    buttons = document.querySelectorAll("#" + MENU_BUTTON)
    if buttons.length:
        buttons.item(0).setAttribute("aria-expanded", "true" if opened else "false")
    items = document.querySelectorAll(ITEMS)
    if opened and items.length:
        items.item(0).focus()


def holds(document: "Any", target: "Any") -> bool:
    """Whether ``target`` is in the menu and the menu is open."""
    menu = open_menu(document)
    return menu is not None and bool(menu.contains(target))


def chosen(document: "Any", target: "Any") -> None:
    """A click or a change on ``target``: an item of the open menu (not its language's list,
    still being chosen from, unless changed: ``changed``) closes the menu."""
    if holds(document, target) and target.matches(ITEM):
        close(document)


def changed(document: "Any", target: "Any") -> None:
    """A change of a control in the open menu (the language) closes it."""
    if holds(document, target):
        close(document)


def key(document: "Any", event: "Any") -> bool:
    """The arrow keys, Home and End in the open menu move the focus through its items (the
    language's list keeps its own arrows); whether the key was the menu's."""
    name = str(event.key)
    if name not in ITEM_KEYS or open_menu(document) is None:
        return False
    items = document.querySelectorAll(ITEMS)
    count = int(items.length)
    current = -1
    for i in range(count):
        if items.item(i).matches(":focus"):
            current = i
    if current >= 0 and str(items.item(current).tagName).lower() == "select":
        return False
    if name == "Home" or (name == "ArrowDown" and current in (-1, count - 1)):
        goal = 0
    elif name == "End" or (name == "ArrowUp" and current <= 0):
        goal = count - 1
    else:
        goal = current + (1 if name == "ArrowDown" else -1)
    if count:
        items.item(goal).focus()
    event.preventDefault()
    return True
