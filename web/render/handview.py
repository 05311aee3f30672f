"""Seat 0's hand and the controls under the felt (declare, bury, call, play, hint, 托管).

Pure functions of a ``Scene``, built with ``markup.el`` (every text escaped).
The hand is fanned: cards overlap so each shows its corner (rank and suit),
the selected ones lift; how large the cards are is CSS's business (``web/style/hand.css``
sizes them from the screen and from the number of cards, ``--n``, which
``screen`` sets on the hand after each redraw).
"""

from __future__ import annotations

from micro import paintable
from micro.markup import Child, Markup, el, join
from text.i18n import SUIT_SYMBOLS, t, words_of
from tractor.cards import RANKS

from render.faces import button, mini_cards
from render.scene import Scene


def declaration_strength(cards: list[str]) -> tuple[int, int]:
    """Stronger declarations first: more cards, then jokers (big over small) over suits."""
    return len(cards), {"BJ": 2, "SJ": 1}.get(cards[0], 0)


def declare_html(scene: Scene, show_pass: bool, pass_key: str) -> Markup:
    view, lang = scene.view, scene.lang
    options = sorted(view["declaration_options"], key=declaration_strength, reverse=True)
    chosen = sorted(view["hand"][i] for i in scene.selected if i < len(view["hand"]))
    buttons: list[Child] = []
    for cards in options:
        note = f" {t(lang, 'nt_suffix')}" if cards[0] in ("BJ", "SJ") else None
        suggested = " suggested" if sorted(cards) == chosen else ""
        buttons.append(
            button([mini_cards(lang, cards, "tiny"), note], "declare",
                   class_=f"declare-option{suggested}", data_cards=" ".join(cards),
                   id=f"declare-{'-'.join(cards)}")
        )
    mine = view["declaration"] is not None and view["declaration"]["seat"] == 0
    if mine:  # seat 0 has declared: say what is left to do
        key = "declared_strengthen" if buttons else "declared_nothing_more"
        buttons.insert(0, el("span", t(lang, key), class_="muted", data_testid="declare-state"))
    elif not buttons:
        buttons.append(el("span", t(lang, "no_options"), class_="muted"))
    return el(
        "div",
        el("span", t(lang, "declare_label"), class_="label"),
        buttons,
        button(t(lang, pass_key), "pass", "pass") if show_pass else None,
        class_="declare",
        data_testid="declare",
    )


FRIEND_RULE_WORDS = {"first_copy": "friend_rule_first_copy",
                     "second_copy": "friend_rule_second_copy"}
"""The picker's line on who the friend is, by option ``friend_rule`` (else ``friend_rule``)."""


def friend_picker(scene: Scene) -> Markup:
    lang = scene.lang
    ranks = [el("option", r, value=r, selected=r == scene.friend_rank) for r in RANKS]
    suits = [
        el("option", SUIT_SYMBOLS[s], value=s, selected=s == scene.friend_suit) for s in "SHCD"
    ]
    return el(
        "div",
        el("label", t(lang, "rank"), " ",
           el("select", ranks, data_pick="rank", data_testid="friend-rank")),
        el("label", t(lang, "suit"), " ",
           el("select", suits, data_pick="suit", data_testid="friend-suit")),
        button(t(lang, "call_friend"), "call-friend", "call-friend", class_="primary"),
        el("p", t(lang, FRIEND_RULE_WORDS.get(scene.view["rules"].get("friend_rule", ""),
                                              "friend_rule")),
           class_="friend-rule", data_testid="friend-rule"),
        class_="friend-picker",
    )


def controls(scene: Scene) -> Markup:
    view, lang = scene.view, scene.lang
    phase, mine = view["phase"], view["to_move"] == 0
    parts: list[Child] = []
    if phase == "deal" and view["rules"]["declare_window"] == "during_deal":
        parts.append(declare_html(scene, scene.end_of_deal, "pass"))
    elif phase in ("declare", "theft") and mine:
        parts.append(declare_html(scene, True, "pass" if phase == "declare" else "pass_theft"))
    elif phase == "bury" and mine:
        n, k = view["kitty_size"], len(scene.selected)
        parts.append(button(t(lang, "bury_n", k=k, n=n), "bury", "bury", class_="primary",
                            disabled=k != n))
    elif phase == "call" and mine:
        parts.append(friend_picker(scene))
    elif phase == "play":
        parts.append(paintable.play_button(words_of(lang), scene.painted, len(scene.selected)))
    parts.extend(paintable.common_controls(words_of(lang), scene.autoplay, scene.can_undo))
    return join(parts)


def hand(scene: Scene) -> Markup:
    """Seat 0's cards, sorted trumps first, fanned in two rows (``paintable.hand``)."""
    return paintable.hand(words_of(scene.lang), scene.painted, scene.selected, scene.just_dealt,
                          scene.flag, scene.flagged)
