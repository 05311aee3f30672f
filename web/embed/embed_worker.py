"""embed.html's engine worker (Pyodide): the rules for steps, quizzes and the referee.

Started by ``embed.py`` only when the reader first needs the rules. Every function
takes and returns JSON text; a refused scenario or request comes back as
``{"error": message}``, never as an exception.
"""

import json

from tractor.positions import scenario


def frames(text: str) -> str:
    """``{"frames": [...]}``: the scenario's positions, step after step (``scenario.frames``)."""
    try:
        return json.dumps({"frames": scenario.frames(text)})
    except ValueError as error:
        return json.dumps({"error": str(error)})


def judge(text: str, cards: str) -> str:
    """The engine's verdict on a quiz answer (``scenario.judge``)."""
    try:
        return json.dumps(scenario.judge(text, cards))
    except ValueError as error:
        return json.dumps({"error": str(error)})


def referee(request: str) -> str:
    """A referee request from the host page (``scenario.referee_json``)."""
    return scenario.referee_json(request)


__export__ = ["frames", "judge", "referee"]
