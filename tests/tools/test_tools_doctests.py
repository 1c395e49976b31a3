"""The docstring examples of the build and measuring tools run as doctests."""

from __future__ import annotations

import doctest
import importlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))


@pytest.mark.parametrize("name", ["build_site", "make_icons", "start_probe"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
