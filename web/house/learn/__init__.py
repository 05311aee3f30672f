"""The house's rooms for learning from your mistakes, over the table's rooms below them.

``coach`` (the review of a finished hand), ``trying`` (an attempt at a marked decision),
``drilling`` (the drills) and ``branching`` (play on from a replay step) import only the
house's ``state``, ``stored`` and ``replays``, never each other; ``learnscene`` reads
the scene of the drills, the attempts and a branch from them. The table's rooms above
(``dialogs``, ``tablescene``, the facade ``game``) import them; the contracts
``house-layers`` and ``house-learn-layers`` (pyproject.toml) keep that order.
"""
