"""Seat 0's input: one delegated click/change handler and the keyboard shortcuts.

Buttons and cards carry ``data-action`` (see ``table``); selects carry
``data-rule``, ``data-option`` or ``data-pick``. Keys: Enter/Space play the
selection (or bury, call, next hand), H hint, A autoplay, Escape clears the
selection or closes a panel.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from game import Game
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
        "select": lambda el: game.select(int(el.getAttribute("data-index"))),
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
        "close": lambda el: game.close_panel(),
        "apply-rules": lambda el: game.apply_rules(),
        "confirm-yes": lambda el: game.confirm_yes(),
        "confirm-no": lambda el: game.close_panel(),
        "last-trick": lambda el: game.toggle_last_trick(),
        "share": lambda el: game.share(),
        "export": lambda el: download(el.ownerDocument, *game.export_record()),
    }


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
        game.refuse_import(f"the file is larger than {MAX_SAVE_CHARS:,} bytes")
        return
    game.import_record(str(await file.text()))


def install(document: Any, game: Game) -> list[Any]:
    """Listen for clicks, changes and keys on the whole document; return the proxies."""
    commands = click_commands(game)

    def on_click(event: Any) -> None:
        target = event.target.closest("[data-action]")
        if target is None or target is jsnull or target.disabled:
            return
        handler = commands.get(text_or_none(target.getAttribute("data-action")) or "")
        if handler is not None:
            handler(target)

    def on_change(event: Any) -> None:
        target = event.target
        if text_or_none(target.getAttribute("data-import")) is not None:
            files = target.files
            if files is not None and files is not jsnull and files.length:
                asyncio.ensure_future(read_record(game, files.item(0)))
            target.value = ""
            return
        value = str(target.value)
        for attribute, handler in (
            ("data-rule", game.set_rule),
            ("data-option", game.set_option),
            ("data-pick", game.pick_friend),
        ):
            name = text_or_none(target.getAttribute(attribute))
            if name is not None:
                handler(name, value)
                return

    def on_key(event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("select", "input", "textarea"):
            return
        key = str(event.key)
        if key in ("Enter", " "):
            if tag == "button" and game.panel is not None:
                return  # let the focused button of a panel do its own job
            event.preventDefault()
            game.primary()
        elif key in ("h", "H"):
            game.hint()
        elif key in ("a", "A"):
            game.toggle_autoplay()
        elif key == "Escape":
            game.escape()

    proxies = [create_proxy(on_click), create_proxy(on_change), create_proxy(on_key)]
    document.addEventListener("click", proxies[0])
    document.addEventListener("change", proxies[1])
    document.addEventListener("keydown", proxies[2])
    return proxies
