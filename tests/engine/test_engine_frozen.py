"""game.frozen.Frozen behaves as ``@dataclass(frozen=True)`` did for the rules and the actions:
equality, hash, repr, immutability, replace, copy and pickle, checked against real frozen
dataclasses with the same fields."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from game.frozen import Frozen, replace
from game.notation import Bid, Discard, Pass, Play
from game.rules import OPTIONS, Rules


class Pair(Frozen):
    __slots__ = _fields = ("a", "b")

    def __init__(self, a: object, b: object = None) -> None:
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)


class Empty(Frozen):
    __slots__ = ()


@dataclasses.dataclass(frozen=True)
class Pair2:
    a: object
    b: object = None


@dataclasses.dataclass(frozen=True)
class Empty2:
    pass


VALUES = [(1, 2), (1, None), ("x", (1, 2)), (None, None), (1, 2.0)]


@pytest.mark.parametrize("left", VALUES)
@pytest.mark.parametrize("right", VALUES)
def test_equality_and_hash_as_a_frozen_dataclass(left, right):
    ours = (Pair(*left), Pair(*right))
    theirs = (Pair2(*left), Pair2(*right))
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    assert hash(ours[0]) == hash(theirs[0])


def test_no_fields_and_other_classes():
    assert Empty() == Empty() and hash(Empty()) == hash(Empty2())
    assert repr(Empty()) == repr(Empty2()).replace("Empty2", "Empty")
    assert Pair(1, 2) != (1, 2) and Pair(1, 2) != Pair2(1, 2)
    assert Pass() != Empty() and Pass() == Pass() and len({Pass(), Pass()}) == 1


@pytest.mark.parametrize("values", VALUES)
def test_repr_as_a_frozen_dataclass(values):
    assert repr(Pair(*values)) == repr(Pair2(*values)).replace("Pair2", "Pair")


def test_assignment_and_deletion_raise_frozen_instance_error():
    value = Pair(1, 2)
    for action in (lambda: setattr(value, "a", 3), lambda: delattr(value, "a")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            action()
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.c = 1  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().players = 3  # type: ignore[misc]
    assert (value.a, value.b) == (1, 2)


def test_replace_goes_through_init():
    assert replace(Pair(1, 2), b=3) == Pair(1, 3)
    assert replace(Discard((40, 0)), cards=(1, 0)) == Discard((0, 1))
    with pytest.raises(ValueError):
        replace(Bid(7, "H"), level=11)


@pytest.mark.parametrize(
    "value",
    [Pair(1, (2, 3)), Pass(), Bid(None, "MIS"), Play(72, 3), Rules.preset("five-handed")],
)
def test_copy_and_pickle_rebuild_equal_values(value):
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert twin == value and hash(twin) == hash(value) and repr(twin) == repr(value)


def test_rules_compare_hash_and_print_by_every_option():
    rules = Rules.preset("american")
    assert rules.to_dict() == {name: getattr(rules, name) for name in OPTIONS}
    assert repr(Rules()).startswith("Rules(players=4, deck=43, teams='2v2', ")
    assert Rules() == Rules() and Rules() != rules
    assert hash(Rules().with_options(target=1000)) == hash(Rules().with_options(target=1000))
    assert rules.with_options(players=4) == rules  # a copy with the same options
    assert Rules().with_options(**rules.to_dict()) is rules  # interned
