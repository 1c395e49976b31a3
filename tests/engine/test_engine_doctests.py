"""The docstring examples of every engine module run as doctests (CONTRACT.md)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game

MODULES = ["game"] + [
    f"game.{m.name}"
    for m in pkgutil.iter_modules(game.__path__)
    if not m.ispkg and m.name not in ("arena",)  # the arena belongs to the bots' owners
]


def test_every_engine_module_is_covered():
    assert {
        "game.cards",
        "game.rules",
        "game.tricks",
        "game.deal",
        "game.scoring",
        "game.engine",
        "game.view",
        "game.errors",
    } <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
