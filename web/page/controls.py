"""Seat 0's input: one delegated click/change handler and the keyboard shortcuts.

Buttons and cards carry ``data-action`` (see ``table``); selects carry
``data-rule``, ``data-option`` or ``data-pick``. Keys: Enter/Space play the
selection (or bury, call, next hand) when no control has focus; on a focused
button they press that button, except Enter on a focused card, which plays.
H hint, A autoplay, Escape clears the selection or closes a panel (or the bar's menu,
which ``micro.barmenu`` also closes after an item and moves through with the arrow keys).
A drag across the hand's cards selects (or unselects) them all (``Drag``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from house.game import Game
from micro import barmenu
from pyodide.ffi import create_proxy, jsnull, to_js
from tractor.save import MAX_SAVE_CHARS


def text_or_none(value: Any) -> str | None:
    """A JS string as ``str``; JS ``null``/``undefined`` (``jsnull``/None) as None."""
    if value is None or value is jsnull:
        return None
    return str(value)


def click_commands(game: Game) -> dict[str, Callable[[Any], None]]:
    """``data-action`` name → handler taking the clicked element."""
    return {
        "select": lambda el: game.select(int(el.getAttribute("data-index"))),  # see on_click
        "play": lambda el: game.play(),
        "hint": lambda el: game.hint(),
        "autoplay": lambda el: game.toggle_autoplay(),
        "declare": lambda el: game.declare(str(el.getAttribute("data-cards"))),
        "pass": lambda el: game.pass_turn(),
        "bury": lambda el: game.bury(),
        "call-friend": lambda el: game.call_friend(),
        "next-hand": lambda el: game.next_hand(),
        "new-match": lambda el: game.new_match(),
        "new-game": lambda el: game.new_game(),
        "settings": lambda el: game.open_settings(),
        "records": lambda el: game.open_records(),
        "close": lambda el: game.close_panel(),
        "apply-rules": lambda el: game.apply_rules(),
        "confirm-yes": lambda el: game.confirm_yes(),
        "confirm-no": lambda el: game.close_panel(),
        "last-trick": lambda el: game.toggle_last_trick(),
        "share": lambda el: game.share(),
        "share-position": lambda el: game.share_position(),
        "toggle-log": lambda el: game.toggle_log(),
        "toggle-sound": lambda el: game.toggle_sound(),
        "undo": lambda el: game.undo(),
        "take-over": lambda el: game.take_over(),
        "restore-set-aside": lambda el: game.restore_set_aside(),
        "replay": lambda el: game.open_replay(
            str(el.getAttribute("data-match")), int(el.getAttribute("data-hand"))
        ),
        "review": lambda el: game.review(
            str(el.getAttribute("data-match")), int(el.getAttribute("data-hand"))
        ),
        "review-cancel": lambda el: game.cancel_review(),
        "replay-goto": lambda el: game.go_to_step(int(el.getAttribute("data-step"))),
        "share-review": lambda el: game.share_review(int(el.getAttribute("data-index"))),
        "replay-back": lambda el: game.replay_step(-1),
        "replay-next": lambda el: game.replay_step(1),
        "replay-close": lambda el: game.close_replay(),
        "export-hand": lambda el: download(el.ownerDocument, *game.export_hand()),
        # learn from your mistakes (issue 38)
        "try-better": lambda el: game.open_try(str(el.getAttribute("data-key"))),
        "try-select": lambda el: game.try_select(
            str(el.getAttribute("data-key")), int(el.getAttribute("data-index"))),
        "try-check": lambda el: game.try_check(str(el.getAttribute("data-key"))),
        "reveal": lambda el: game.reveal(str(el.getAttribute("data-key"))),
        "drills": lambda el: game.open_drills(),
        "share-drill": lambda el: game.share_drill(str(el.getAttribute("data-id"))),
        "play-from-here": lambda el: game.play_from_here(),
        "branch-exit": lambda el: game.exit_branch(),
        "export": lambda el: download(el.ownerDocument, *game.export_record()),
        # play with friends (issue 37)
        "friends": lambda el: game.open_friends(),
        "invite": lambda el: game.invite(int(el.getAttribute("data-seat"))),
        "reply-accept": lambda el: game.accept_reply(
            int(el.getAttribute("data-seat")), field_text(el.ownerDocument.getElementById(
                f"reply-input-{int(el.getAttribute('data-seat'))}"))),
        "friends-start": lambda el: game.friends_start(),
        "say": lambda el: game.say(str(el.getAttribute("data-key"))),
    }


def field_text(field: Any) -> str:
    """An input's text ("" if it is not there)."""
    return "" if field is None or field is jsnull else str(field.value)


def download(document: Any, name: str, text: str) -> None:
    """Offer ``text`` as a file named ``name`` (a JSON record) for download."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    url = js.URL.createObjectURL(js.Blob.new(to_js([text]), options))
    anchor = document.createElement("a")
    anchor.href, anchor.download = url, name
    document.body.append(anchor)
    anchor.click()
    anchor.remove()
    js.URL.revokeObjectURL(url)


async def read_record(game: Game, file: Any) -> None:
    """Hand a chosen file's text to the game (too large a file is refused unread)."""
    if int(file.size) > MAX_SAVE_CHARS:
        game.refuse_import("import_why_too_large", size=MAX_SAVE_CHARS)
        return
    game.import_record(str(await file.text()))


HAND_CARD = "#hand [data-action=select]"
CLICK_AFTER_DRAG_MS = 800.0
"""A click this soon after a drag's end is the drag's own (it is not a tap)."""


class Drag:
    """Drag select: a pointer pressed on a card of the hand and moved across others sets
    every card it crosses as the first one is being set (selected, or not), with the
    mouse and with touch (``touch-action: none`` on the hand's cards keeps the touch a
    drag, not a scroll). The click that ends a drag does not toggle its card again."""

    def __init__(self, document: Any, game: Game):
        self.document, self.game = document, game
        self.start: int | None = None
        self.chosen = True
        self.crossed: set[int] = set()
        self.dragged = False
        self.ended = 0.0

    def card_at(self, event: Any) -> int | None:
        """The index of the hand's card under the pointer, or None."""
        found = self.document.elementFromPoint(event.clientX, event.clientY)
        card = None if found is None or found is jsnull else found.closest(HAND_CARD)
        if card is None or card is jsnull:
            return None
        return int(card.getAttribute("data-index"))

    def down(self, event: Any) -> None:
        self.dragged = False
        if not event.isPrimary or int(event.button or 0) != 0:
            return
        card = event.target.closest(HAND_CARD)
        if card is None or card is jsnull or card.disabled:
            self.start = None
            return
        self.start = int(card.getAttribute("data-index"))
        self.chosen = not bool(card.classList.contains("sel"))
        self.crossed = {self.start}

    def move(self, event: Any) -> None:
        if self.start is None or not event.isPrimary:
            return
        index = self.card_at(event)
        if index is None or index in self.crossed:
            return
        self.crossed.add(index)
        news = [index] if self.dragged else [self.start, index]
        self.dragged = True
        self.game.drag_select(news, self.chosen)

    def up(self, event: Any) -> None:
        self.start = None
        self.ended = float(event.timeStamp)

    def swallow_click(self, event: Any) -> bool:
        """Whether this click ends a drag (its cards are set already): once, right after."""
        dragged, self.dragged = self.dragged, False
        return dragged and float(event.timeStamp) - self.ended < CLICK_AFTER_DRAG_MS


FOCUSABLE = "button:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])"
DIALOGS = "#overlay [aria-modal=true]"


def top_dialog(document: Any) -> Any:
    """The topmost open modal dialog, or None."""
    dialogs = document.querySelectorAll(DIALOGS)
    return dialogs.item(dialogs.length - 1) if dialogs.length else None


def trap_tab(document: Any, event: Any) -> None:
    """Keep Tab (and Shift+Tab) inside the open dialog."""
    dialog = top_dialog(document)
    if dialog is None:
        return
    controls = dialog.querySelectorAll(FOCUSABLE)
    if not controls.length:
        return
    first, last = controls.item(0), controls.item(controls.length - 1)
    active = document.activeElement
    inside = active is not None and active is not jsnull and bool(dialog.contains(active))
    if not inside:
        target = last if event.shiftKey else first
    elif event.shiftKey and active == first:
        target = last
    elif not event.shiftKey and active == last:
        target = first
    else:
        return
    event.preventDefault()
    target.focus()


def move_in_hand(document: Any, target: Any, key: str) -> bool:
    """Arrow keys move the focus through the hand's cards (from anywhere: to the first)."""
    count = int(document.querySelectorAll("#hand [data-action=select]").length)
    if not count:
        return False
    index = text_or_none(target.getAttribute("data-index")) if target is not None else None
    if index is None or text_or_none(target.getAttribute("data-action")) != "select":
        goal = count - 1 if key == "End" else 0
    else:
        step = {"ArrowLeft": -1, "ArrowRight": 1}.get(key, 0)
        goal = {"Home": 0, "End": count - 1}.get(key, int(index) + step)
    card = document.getElementById(f"card-{max(0, min(count - 1, goal))}")
    if card is None or card is jsnull:
        return False
    card.focus()
    return True


def install(document: Any, game: Game) -> list[Any]:
    """Listen for clicks, changes and keys on the whole document; return the proxies."""
    commands = click_commands(game)

    def on_click(event: Any) -> None:
        barmenu.chosen(document, event.target)  # an item of the bar's menu closes it
        if not event.target.closest("[data-action=last-trick], .last-trick-view"):
            game.close_last_trick()  # a tap outside the overlay closes it
        target = event.target.closest("[data-action]")
        if target is None or target is jsnull or target.disabled:
            return
        action = text_or_none(target.getAttribute("data-action")) or ""
        handler = commands.get(action)
        if handler is None or (action == "select" and drag.swallow_click(event)):
            return
        if int(event.detail or 0) > 0 and not target.closest("[role=dialog], [role=alertdialog]"):
            # A pointer click (a key's click has detail 0): do not leave the button focused,
            # so that Enter/Space stay the table's shortcuts for mouse and touch players.
            target.blur()
        if action == "select":  # a second tap at once (detail 2) may pick the card's unit
            game.select(int(target.getAttribute("data-index")), int(event.detail or 1))
            return
        handler(target)

    def on_change(event: Any) -> None:
        target = event.target
        barmenu.changed(document, target)
        if text_or_none(target.getAttribute("data-import")) is not None:
            files = target.files
            if files is not None and files is not jsnull and files.length:
                asyncio.ensure_future(read_record(game, files.item(0)))
            target.value = ""
            return
        value = str(target.value)
        friends_field = text_or_none(target.getAttribute("data-friends"))
        if friends_field == "host-name":
            game.set_host_name(value)
        elif friends_field == "ice":
            game.set_ice(value)
        for attribute, handler in (
            ("data-rule", game.set_rule),
            ("data-option", game.set_option),
            ("data-pick", game.pick_friend),
        ):
            name = text_or_none(target.getAttribute(attribute))
            if name is not None:
                handler(name, value)
                if target.closest("#bar"):
                    target.blur()  # Enter/Space stay the table's shortcuts, as after a button
                return

    def on_key(event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if key == "Tab":
            trap_tab(document, event)
            return
        if key == "Escape":
            if barmenu.open_menu(document) is None:  # else the browser closes the menu
                game.escape()  # closes a dialog from any of its controls
            return
        if barmenu.key(document, event):
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("select", "input", "textarea"):
            return
        game.note_key()
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and top_dialog(document) is None:
            if move_in_hand(document, event.target, key):
                event.preventDefault()
            return
        action = text_or_none(event.target.getAttribute("data-action")) if tag else None
        if key in ("Enter", " "):
            if tag in ("button", "a") and not (action == "select" and key == "Enter"):
                return  # the focused control does its own job (Space on a card selects it)
            event.preventDefault()
            game.primary()
        elif game.paused:
            return  # no shortcut acts behind an open dialog
        elif key in ("h", "H"):
            game.hint()
        elif key in ("a", "A"):
            game.toggle_autoplay()

    def on_toggle(event: Any) -> None:
        barmenu.toggled(document, event)

    drag = Drag(document, game)
    proxies = [create_proxy(on_click), create_proxy(on_change), create_proxy(on_key),
               create_proxy(drag.down), create_proxy(drag.move), create_proxy(drag.up),
               create_proxy(on_toggle)]
    document.addEventListener("click", proxies[0])
    document.addEventListener("change", proxies[1])
    document.addEventListener("keydown", proxies[2])
    document.addEventListener("pointerdown", proxies[3])
    document.addEventListener("pointermove", proxies[4])
    document.addEventListener("pointerup", proxies[5])
    document.addEventListener("pointercancel", proxies[5])
    document.addEventListener("toggle", proxies[6], True)  # it does not bubble
    return proxies
