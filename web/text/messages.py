"""Messages of the footer, kept as keys and parameters so a language switch redraws them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tractor.cards import Card
from tractor.outcome import HandOutcome

from text.i18n import cards_label, rule_sentence, seat_name, t


@dataclass(frozen=True)
class Msg:
    """A message shown in the footer, formatted in the current language when drawn.

    ``seat`` becomes the ``name`` parameter, ``cards`` the ``cards`` parameter;
    ``rule``/``engine`` make it an illegal-action explanation. ``detail`` is technical
    text (an exception's own words, in English) that never enters the sentence: the
    footer shows it apart, in a collapsed "Details" element, for a bug report.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    cards: tuple[str, ...] = ()
    rule: str | None = None
    engine: str = ""
    what: Msg | None = None
    detail: str = ""

    def phrase(self, lang: str) -> tuple[int, str, int] | None:
        """A quick phrase said at the table (``phrase_said``): the seat that said it, its
        words and its number (``n``: a phrase said again is a new bubble), shown in a bubble
        at that seat instead of the footer; else None.

        >>> Msg("phrase_said", {"n": 4}, seat=3, what=Msg("phrase_thanks")).phrase("en")
        (3, 'Thanks, partner!', 4)
        >>> Msg("restored").phrase("en") is None
        True
        """
        if self.key != "phrase_said" or self.seat is None or self.what is None:
            return None
        return self.seat, self.what.text(lang), int(self.params.get("n", 0))

    def text(self, lang: str) -> str:
        if self.rule is not None:
            return t(lang, "not_allowed", why=rule_sentence(lang, self.rule, self.engine))
        params = dict(self.params)
        if self.seat is not None:
            params["name"] = seat_name(lang, self.seat)
        if self.cards:
            params["cards"] = cards_label(lang, list(self.cards))
            params["card"] = params["cards"]
        if self.what is not None:
            params["what"] = self.what.text(lang)
        return t(lang, self.key, **params)


def notice_shown(notice: Msg | None, lang: str) -> tuple[str | None, tuple[int, str, int] | None]:
    """How a notice is shown: the footer's words, or a phrase's bubble (``Msg.phrase``)
    instead; the table's scene and a friend's page's alike.

    >>> notice_shown(Msg("phrase_said", seat=1, what=Msg("phrase_sorry")), "en")
    (None, (1, 'Sorry!', 0))
    >>> notice_shown(None, "en")
    (None, None)
    """
    said = None if notice is None else notice.phrase(lang)
    return (None if notice is None or said else notice.text(lang)), said


def hand_outcome(lang: str, result: HandOutcome) -> str:
    """What a hand's result did to the levels, in words (the result dialog, past hands)."""
    gained = result.levels_gained
    if result.side == "defenders":
        return t(lang, "defenders_up", n=gained)
    if gained:
        return t(lang, "attackers_up", n=gained)
    return t(lang, "attackers_take")


def cards_text(cards: tuple[Card, ...] | list[Card]) -> tuple[str, ...]:
    """Cards as their RULES notation texts (``10H``)."""
    return tuple(str(card) for card in cards)
