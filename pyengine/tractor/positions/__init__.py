"""Positions: the embed's scenarios judged by the full rules (``scenario``), the
referee's stable text API over the rules (``referee``) and a position made from a
seat's view (``position``). The scenario checker MicroPython runs, ``scenario_check``,
stays beside the rule core in ``tractor``: the build ships the engine's MicroPython
files together from there."""
