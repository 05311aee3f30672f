"""The phase type and the rule core's tuple of phases name the same phases, in order."""

from __future__ import annotations

from typing import cast, get_args

import pytest
from tractor.match import Match
from tractor.phase import Phase, as_phase
from tractor.rulecore import PHASES
from tractor.view import View
from tractor.viewdata import ViewData


def test_the_phase_type_is_the_rule_core_s_phases() -> None:
    assert get_args(Phase) == PHASES


def test_a_view_read_back_keeps_its_phase_and_refuses_an_unknown_one() -> None:
    data = Match(seed=3).observe(0).to_data()
    assert View.from_data(data).phase == "deal"
    with pytest.raises(ValueError, match="not a phase"):
        View.from_data(cast(ViewData, {**data, "phase": "lunch"}))
    assert [as_phase(p) for p in PHASES] == list(PHASES)
