"""The summary across hands in the past hands (issue 38): the marks of each reviewed hand
and the kinds of mistake that come back, from the coach's reason codes.

It is read from the drills (``store.drills``: every marked decision of every
reviewed hand, with the code of the coach's reason, ``review.why_better``): a kind of
mistake (``KIND_OF``, a word of the catalogs each) that comes back in two or more
decisions is listed, the most frequent first.
"""

from __future__ import annotations

import time
from collections import Counter

from micro.markup import Child, Markup, el
from store.drills import Drill
from text.i18n import t

KIND_OF = {
    "feeds_opponent": "mistake_feeding",
    "risks_fewer": "mistake_early",
    "keeps_pair": "mistake_pairs",
    "lead_trump": "mistake_trumps",
    "lead_low": "mistake_leads",
    "lead_unbeatable": "mistake_leads",
    "throw_stands": "mistake_leads",
    "wins_points": "mistake_taking",
    "wins_trick": "mistake_taking",
    "beats_so_far": "mistake_taking",
    "feeds_partner": "mistake_partner",
    "partner_winning": "mistake_partner",
    "cannot_win": "mistake_giving",
    "keeps_trump_pair": "mistake_giving",
    "expected_gain": "mistake_giving",
    "sampled_better": "mistake_giving",
    "bury_void": "mistake_bury",
    "bury_low": "mistake_bury",
    "call_alone": "mistake_call",
    "call_card": "mistake_call",
    "declare_better": "mistake_declaring",
    "pass_better": "mistake_declaring",
}
"""The kind of mistake (its catalog key) each reason code of the better play names."""
RECURS = 2
"""A kind of mistake is listed once it comes back this many times."""


def kinds(drills: tuple[Drill, ...]) -> list[tuple[str, int]]:
    """The kinds of mistake that recur, the most frequent first (then by name)."""
    counts = Counter(KIND_OF[d.why] for d in drills if d.why in KIND_OF)
    return sorted(((k, n) for k, n in counts.items() if n >= RECURS), key=lambda kn: (-kn[1],
                                                                                     kn[0]))


def _date(match_id: str) -> str:
    stamp = match_id.split("-", 1)[0]
    if not stamp.isdigit() or len(stamp) > 15:
        return "—"
    return time.strftime("%m-%d %H:%M", time.localtime(int(stamp) / 1000))


def mistakes_summary(lang: str, drills: tuple[Drill, ...]) -> Markup | None:
    """The marks per reviewed hand and the recurring kinds of mistake (None: no marks)."""
    if not drills:
        return None
    hands = Counter((d.match, d.hand) for d in drills)
    rows: list[Child] = [
        el("li", t(lang, "summary_hand", date=_date(match), hand=hand + 1, n=n),
           data_testid="summary-hand", data_match=match, data_hand=hand, data_marks=n)
        for (match, hand), n in sorted(hands.items(), reverse=True)
    ]
    recurring: list[Child] = [
        el("li", t(lang, "summary_kind", what=t(lang, key), n=n), data_testid="summary-kind",
           data_kind=key, data_count=n)
        for key, n in kinds(drills)
    ]
    return el("div", el("h3", t(lang, "summary_title")), el("ul", rows),
              recurring and el("p", t(lang, "summary_kinds")),
              el("ul", recurring) if recurring else None,
              class_="mistakes-summary", data_testid="mistakes-summary")
