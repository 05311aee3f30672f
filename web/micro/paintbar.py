"""The table's bar and its buttons, from seat 0's view alone: one drawing for the live and
the painted table (``paintable`` draws the rest of the felt and lists the words).

``button`` is every button of the table (``data-action`` for the delegated click
handler); the bar shows the level, the trump, the declaration, the friend and seat 0's
side, the scoreboard (``scoreboard``), the last trick, the log and the menus; ``welcome``
is a first visit's line under it. Every text goes through ``markup.el`` and every word
through ``words.Words`` (the keys are in ``paintable.KEYS``).

Runs unchanged in MicroPython: no ``typing``, ``dataclasses`` or ``__future__`` at run
time, annotations in quotes, no ``str`` subclass handed to ``str.join``.
"""

from micro.cardface import mini_cards
from micro.markup import Markup, el, join
from micro.scoreboard import scoreboard
from micro.words import (
    DEFAULT_LANGUAGE,
    HTML_LANG,
    LANGUAGE_MENU,
    LANGUAGES,
    SUIT_SYMBOLS,
    Words,
    card_label,
    seat_name,
)

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from micro.markup import Child
    from micro.paintdata import PaintedView

LOG_ICON = "📜"
"""The log's icon (a scroll: ☰ is the menu's)."""
MENU = "bar-menu"
"""The id of the bar's menu (a popover) and, with ``-button``, of its button."""
MENU_BUTTON = MENU + "-button"

SIDE_WORDS = {"defenders": "your_side_defenders", "attackers": "your_side_attackers"}
"""What the bar says of seat 0's side once its own cards settle it (``own_side``)."""


# ------------------------------------------------------------------ buttons


def button(label: "Child", action: str, testid: "str | None" = None, **attrs: object) -> Markup:
    """A button for the delegated click handler (``data-action``).

    A button with a test id also gets a stable ``id``: the morphing redraw matches
    elements by id, so a redraw that adds or removes buttons before this one never
    turns this very element into another button under a pointer or the focus.
    """
    ident = attrs.pop("id", None) or ("b-" + testid if testid else None)
    return el("button", label, id=ident, type="button", data_action=action, data_testid=testid,
              **attrs)




# ------------------------------------------------------------------ the bar


def trump_text(words: Words, view: "PaintedView") -> Markup:
    level = words("level_label") + " " + view["level"]
    suit = view["trump"]
    if suit is None:
        # no space between two Chinese words (issue 36, Found 8): 主未定, "Trump undecided"
        gap = "" if words.lang.startswith("zh") else " "
        trump = words("trump_label") + gap + words("trump_undecided")  # type: Child
    elif suit == "NT":
        trump = words("no_trump")
    else:
        symbol = el("b", SUIT_SYMBOLS[suit], class_="pip suit-" + suit)
        trump = join(words("trump_label"), symbol, sep=" ")
    return join(trump, level, sep=" · ")


def page_href(page: str, lang: str) -> str:
    """A page of the site (``tutorial``, ``rules``) in the table's language (relative: the
    site may live in a sub-path); both pages are written in each of ``LANGUAGES``.

    >>> page_href("rules", "zh-Hant"), page_href("tutorial", "en")
    ('rules.html?lang=zh-Hant', 'tutorial.html?lang=en')
    """
    return page + ".html?lang=" + (lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def language_menu(words: Words) -> Markup:
    """The bar's language menu: every language by its own name (a change sets the option).
    On a phone it is an item of the bar's menu: its icon, its name and the list."""
    options = [el("option", name, value=code, selected=code == words.lang, lang=HTML_LANG[code])
               for code, name in LANGUAGE_MENU]
    return el("span", el("span", "文A", class_="icon", aria_hidden="true"),
              el("span", words("language"), class_="label", aria_hidden="true"),
              el("select", options, id="lang-menu", class_="lang-toggle", data_option="lang",
                 data_testid="lang-toggle", aria_label=words("language")),
              class_="lang-box", role="group", aria_label=words("language"))


def labelled(icon: str, label: str) -> "list[Child]":
    """A bar button's face: its icon (shown alone on a phone) and its words (its name)."""
    return [el("span", icon, class_="icon", aria_hidden="true"),
            el("span", label, class_="label")]


def log_toggle(words: Words, show_log: bool) -> Markup:
    """The bar's button that opens and closes the log."""
    return button(labelled(LOG_ICON, words("log")), "toggle-log", "log-toggle",
                  aria_expanded="true" if show_log else "false", aria_controls="log",
                  title=words("log"))


def sound_toggle(words: Words, sound: bool) -> Markup:
    """The bar's button that turns the table's sounds on and off (the ``sound`` setting)."""
    return button(labelled("♪", words("sound")), "toggle-sound", "sound", class_="toggle",
                  aria_pressed="true" if sound else "false", title=words("sound"))


def friend_state(words: Words, view: "PaintedView", card: str) -> Markup:
    """The called card (``card``, the view's ``friend_card``) and what is known of the friend."""
    friend = view["friend"]
    state = words("friend_hidden") if friend is None else words("friend_is",
                                                                name=seat_name(words, friend))
    side = None
    if friend is None and view["dealer"] != 0 and view["phase"] == "play":
        mine = view.get("own_side")
        side = el("span", words(SIDE_WORDS.get(mine or "", "your_side_unknown")),
                  class_="side-unknown" if mine is None else "side-known",
                  data_testid="your-side")
    return el(
        "div",
        words("friend_card", card=card_label(words, card)),
        " · ",
        el("span", state, class_="hidden-friend" if friend is None else "known-friend"),
        side and " · ",
        side,
        class_="friend",
        data_testid="friend",
    )


def bar(words: Words, view: "PaintedView", show_last: bool = False, show_log: bool = False,
        first_visit: bool = False, sound: bool = True, friends: bool = False) -> Markup:
    """The bar: title, trump and level, declaration, points, friend, buttons, welcome."""
    parts = [
        el("h1", words("title"), class_="title"),
        el("div", trump_text(words, view), " ",
           el("span", words("hand_no", n=view["hand_no"] + 1), class_="hand-no"),
           class_="indicator", data_testid="trump"),
    ]  # type: list[Child]
    decl = view["declaration"]
    if decl is not None:
        text = words("declared_by", name=seat_name(words, decl["seat"]), cards="")
        # Its id changes with each declaration (an override 反主 too): the morphing redraw
        # inserts it anew, and its CSS pulse runs once.
        parts.append(el("div", el("span", text, class_="declared-by"),
                        mini_cards(words, decl["cards"], "tiny"),
                        class_="declaration declared", data_testid="declaration",
                        id="declaration-" + str(decl["seat"]) + "-" + "-".join(decl["cards"])))
    elif view["phase"] in ("deal", "declare"):
        parts.append(el("div", words("no_declaration_yet"), class_="declaration",
                        data_testid="declaration"))
    parts.append(scoreboard(words, view))
    card = view["friend_card"]
    if card is not None:
        parts.append(friend_state(words, view, card))
    parts.append(bar_buttons(words, show_last, show_log, sound, friends))
    if first_visit:
        parts.append(welcome(words))
    return join(parts)


def bar_buttons(words: Words, show_last: bool = False, show_log: bool = False,
                sound: bool = True, friends: bool = False) -> Markup:
    """The bar's buttons: those of a hand (last trick, log, sound) and the menu's (``menu``).
    A wide screen shows them all with their words; a phone the hand's as icons and the
    menu's button (``web/style/bar.css``)."""
    return el(
        "div",
        button(labelled("↶", words("last_trick")), "last-trick", "last-trick",
               aria_pressed="true" if show_last else "false", title=words("last_trick")),
        log_toggle(words, show_log),
        sound_toggle(words, sound),
        menu(words, friends),
        class_="bar-buttons",
    )


def menu(words: Words, friends: bool = False) -> "list[Child]":
    """The bar's menu: its button (☰, ``popovertarget``: it opens without a script, and
    Escape or a tap outside closes it) and its items, each an icon and its words: new game,
    (play with friends,) how to play, drills, records (past hands and statistics),
    settings, language. The browser keeps its open state (no attribute for the morphing
    redraw to undo); ``barmenu`` names the button's state, closes it after an item and
    moves the focus with the arrow keys. A wide screen shows the items in the bar."""
    items = [
        button(labelled("＋", words("new_game")), "new-game", "new-game", role="menuitem",
               title=words("new_game")),
        button(labelled("👥", words("friends")), "friends", "friends", role="menuitem",
               title=words("friends")) if friends else None,
        el("a", el("span", "?", class_="short", aria_hidden="true"),
           el("span", words("how_to_play"), class_="long"),
           href=page_href("tutorial", words.lang), target="_blank", rel="noopener",
           class_="bar-link", data_testid="how-to-play", role="menuitem",
           aria_label=words("how_to_play")),
        button(labelled("✎", words("drills")), "drills", "drills-open", role="menuitem",
               title=words("drills")),
        button(labelled("▤", words("records")), "records", "records", role="menuitem",
               title=words("records")),
        button(labelled("⚙", words("settings")), "settings", "settings", role="menuitem",
               title=words("settings")),
        language_menu(words),
    ]  # type: list[Child]
    return [
        el("button", labelled("☰", words("menu")), id=MENU_BUTTON, type="button",
           class_="menu-button", data_testid="menu", popovertarget=MENU, aria_haspopup="menu",
           aria_expanded="false", aria_controls=MENU, title=words("menu")),
        el("div", items, id=MENU, class_="bar-menu", popover="auto", role="menu",
           aria_label=words("menu")),
    ]


def welcome(words: Words) -> Markup:
    """A first visit's line under the bar: how to play, the rules."""
    lang = words.lang
    return el("p", words("welcome"), " ",
              el("a", words("how_to_play"), href=page_href("tutorial", lang), target="_blank",
                 rel="noopener"),
              " · ", el("a", words("rules_summary"), href=page_href("rules", lang),
                        target="_blank", rel="noopener"),
              class_="welcome", data_testid="welcome")
