"""The engine side of scenarios: positions embedded in tutorial pages (``embed.html``).

``tractor.scenario_check`` checks a scenario's format and what needs no rules;
this module adds what needs the full rules and computes what the page shows:

* ``load`` — the checked, normalised scenario; every play in the trick and in the
  steps is legal (one-suit leads, follows under RULES §4 when the hand is face up),
  each trick after the first is led by the previous trick's winner, and every quiz
  answer is a legal play for the seat to move (``frames`` and ``judge`` run the same
  checks, so the embed's worker refuses what ``python -m tractor scenario`` refuses);
* throws — only shown cards refute a throw (hidden hands are unknown). A lead in the
  trick that a face-up hand beats is refused (``throw_fails``), not drawn as failed:
  the author shows its forced unit instead, or the throw as a step (``scenario_check``
  refuses it first, with the same message, so a show-only embed does too). A step's throw
  that a shown hand beats is played as failed when the forced unit is known (every
  other hand shown, or the throw's lowest unit is the one beaten), else refused;
* ``frames`` — the positions shown by Next/Back, with trick winners, points, failed
  throws and the kitty bonus of the last trick;
* ``judge`` — a quiz answer: legal (and why not), and whether it is an answer;
* ``referee_call`` / ``referee_json`` — the ``tractor.positions.referee`` API for ``postMessage``;
* ``link`` / ``iframe`` / ``decode_link_param`` — share a scenario as ``?s=``.

Every function takes the scenario as JSON text and raises ``ScenarioError`` (a
``ValueError``) with a message naming the step or trick play and the rule broken.

>>> s = load(MINIMAL)
>>> s["turn"], s["seats"][0]["cards"]
(0, ['AS', 'AS', 'KS'])
>>> [f["trick"] for f in frames(MINIMAL)]
[[]]
>>> judge(QUIZ, "AS AS")["correct"], judge(QUIZ, "AS KS")["legal"]
(True, False)
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import re

from ..scenario_check import MINIMAL, ScenarioError, read
from .scenario_frames import frames, load
from .scenario_judge import judge, referee_call, referee_json
from .scenario_parts import initial_frame

__all__ = [
    "MAX_LINK_CHARS",
    "MINIMAL",
    "QUIZ",
    "ScenarioError",
    "decode_link_param",
    "frames",
    "iframe",
    "initial_frame",
    "judge",
    "link",
    "load",
    "referee_call",
    "referee_json",
]

MAX_LINK_CHARS = 27000
"""The longest ``?s=`` value read or written (base64url characters)."""

QUIZ = (
    '{"schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H",'
    ' "seats": [{"cards": "AS AS KS 4S"}, {"backs": 4}, {"backs": 4}, {"backs": 2}],'
    ' "trick": [{"seat": 3, "cards": "3S 3S"}],'
    ' "quiz": {"answers": ["AS AS"], "explain": "Follow the pair with a pair."}}'
)
"""A small quiz: seat 0 must follow a led pair with its pair."""


# ------------------------------------------------------------------ links

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def link(text: str, base: str = "embed.html") -> str:
    """``base?s=…``: the scenario (checked) as compact JSON in base64url without padding.

    >>> link(MINIMAL)[:30]
    'embed.html?s=eyJzY2hlbWEiOiJ0c'
    """
    load(text)
    compact = json.dumps(read(text), ensure_ascii=False, separators=(",", ":"))
    value = base64.urlsafe_b64encode(compact.encode("utf-8")).decode("ascii").rstrip("=")
    if len(value) > MAX_LINK_CHARS:
        raise ScenarioError(
            f"the scenario is too long for a link ({len(value):,} characters encoded; "
            f"at most {MAX_LINK_CHARS:,})"
        )
    return f"{base}?s={value}"


def iframe(text: str, base: str = "embed.html") -> str:
    """A copy-paste ``<iframe>`` showing the scenario.

    >>> iframe(MINIMAL, 'e"x.html')[:34]
    '<iframe src="e&quot;x.html?s=eyJzY'
    """
    src = html.escape(link(text, base))
    return (f'<iframe src="{src}" title="Tractor position" class="tractor-embed" '
            'width="100%" height="360" loading="lazy"></iframe>')


def decode_link_param(value: str) -> str:
    """The scenario's JSON text from a ``?s=`` value (base64url, padding optional).

    >>> decode_link_param(link(MINIMAL).split("?s=")[1])[:30]
    '{"schema":"tractor-scenario","'
    """
    if not isinstance(value, str):
        raise ScenarioError("the link's s= value is text")
    if len(value) > MAX_LINK_CHARS:
        raise ScenarioError(f"the link's s= value is longer than {MAX_LINK_CHARS:,} characters")
    value = value.rstrip("=")
    if not _BASE64URL.fullmatch(value) or len(value) % 4 == 1:
        raise ScenarioError("the link's s= value is not base64url text")
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise ScenarioError("the link's s= value does not decode to UTF-8 text") from None
