"""Run the doctests of every module of the ``tractor`` package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
import tractor

# ``__main__`` runs a command line when imported as a script; it is not a library module.
MODULES = sorted(
    m.name.removeprefix("tractor.")
    for m in pkgutil.walk_packages(tractor.__path__, prefix="tractor.")
    if m.name != "tractor.__main__"
)


def test_every_module_is_listed() -> None:
    assert {"cards", "trump", "units", "follow", "trick", "scoring", "match", "positions.referee",
            "players.memory", "players.rollout"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    module = importlib.import_module(f"tractor.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in tractor.{name}"
