"""Trying a marked decision before the answer: its state and how it looks (issue 38).

A ``Trial`` is one attempt at finding the better play of a decision the coach
marked, in the review of a hand or as a drill: the seat's view at that decision
(``View.to_data`` as JSON text: what the coach judges from), its hand, the coach's
better play, the cards picked, the verdicts so far and whether the answer was asked
for. ``house.learn.trying`` changes it; ``trial_block`` draws it: the ``try-better``
button, then the hand as it was (``try-hand``: cards picked as on the table; at a
friend call or a declaring decision, the calls or declarations to choose one of), the
``try-check`` button, the last verdict (``try-verdict``, ``data-verdict`` right,
wrong or illegal) with its one line, and ``reveal``. The answer is ``shown`` once
an attempt was right or the player asked (``reveal``).
"""

from __future__ import annotations

from micro.markup import Child, Markup, el
from text.i18n import t
from tractor.coach.attempt import Verdict

from render.attempts import Trial
from render.faces import button, card_face, mini_cards
from render.reviews import reason_message

__all__ = ["Trial", "choice_cards", "trial_block", "verdict_line"]
PROMPTS = {"call": "try_prompt_call", "declare": "try_prompt_declare",
           "pass": "try_prompt_declare"}
"""The prompt of a trial by choosing, by the decision's kind (else ``try_prompt``)."""


def choice_cards(lang: str, cards: tuple[str, ...]) -> Markup:
    """The cards of a decision; no cards (a declaring decision's pass): the word Pass."""
    return mini_cards(lang, list(cards)) if cards else el("span", t(lang, "pass"))


def verdict_line(lang: str, v: Verdict) -> str:
    """The verdict's one line in the reader's language."""
    if v.verdict == "right":
        return t(lang, "try_right")
    if v.verdict == "illegal":
        return t(lang, "try_illegal")
    why = None if v.why is None else reason_message(v.why)
    mark = t(lang, f"mark_{v.mark}")
    points = max(0, round(v.points))
    if why is None:
        return t(lang, "try_wrong", n=points, mark=mark)
    return t(lang, "try_wrong_why", n=points, mark=mark, what=why.text(lang))


def _choices(lang: str, key: str, trial: Trial) -> list[Child]:
    """The calls or declarations to choose one of, each a button (its cards, or Pass)."""
    return [el("button", choice_cards(lang, option), type="button",
               class_="try-choice" + (" selected" if i in trial.selected else ""),
               data_action="try-select", data_key=key, data_index=i,
               data_choice=" ".join(option) or "pass",
               aria_pressed="true" if i in trial.selected else "false")
            for i, option in enumerate(trial.choices)]


def trial_block(lang: str, key: str, trial: Trial) -> Markup:
    """The attempt at one decision (``key`` names it for the clicks)."""
    parts: list[Child] = []
    if not trial.open and not trial.shown:
        parts.append(button(t(lang, "try_better"), "try-better", "try-better",
                            id=f"b-try-{key}", data_key=key))
    if trial.open and not trial.shown:
        cards = _choices(lang, key, trial) if trial.choices else [
            card_face(lang, card, "mini-card try-card" + (" selected" if i in trial.selected
                                                         else ""),
                      tag="button", type="button", data_action="try-select", data_key=key,
                      data_index=i, aria_pressed="true" if i in trial.selected else "false")
            for i, card in enumerate(trial.hand)]
        parts.append(el("p", t(lang, PROMPTS.get(trial.kind, "try_prompt")), class_="muted"))
        parts.append(el("div", cards, class_="try-hand", data_testid="try-hand"))
        parts.append(button(t(lang, "try_checking") if trial.busy else t(lang, "try_check"),
                            "try-check", "try-check", id=f"b-check-{key}", data_key=key,
                            disabled=trial.busy or not trial.selected))
    if trial.verdicts:
        last = trial.verdicts[-1]
        parts.append(el("p", verdict_line(lang, last), data_testid="try-verdict",
                        data_verdict=last.verdict, data_tries=len(trial.verdicts),
                        role="status", class_=f"try-verdict {last.verdict}"))
    if not trial.shown:
        parts.append(button(t(lang, "reveal"), "reveal", "reveal", id=f"b-reveal-{key}",
                            data_key=key))
    return el("div", parts, class_="try", data_testid="try", data_key=key)
