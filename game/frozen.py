"""Immutable values without dataclasses' cost at import (it compiles each class's methods:
0.5 ms a class in Pyodide, 6 ms for ``Rules``). A subclass names its fields in ``_fields``
(and ``__slots__``) and sets them with ``object.__setattr__``; it compares, hashes, prints,
copies and refuses assignment as a frozen dataclass does.

>>> class Point(Frozen):
...     __slots__ = _fields = ("x", "y")
...
...     def __init__(self, x: int, y: int = 0) -> None:
...         object.__setattr__(self, "x", x)
...         object.__setattr__(self, "y", y)
>>> Point(1, 2), Point(1, 2) == Point(1, 2), Point(1) == Point(1, 1)
(Point(x=1, y=2), True, False)
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
>>> Point(1).x = 3
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, TypeVar

T = TypeVar("T", bound="Frozen")


class Frozen:
    """Base of the immutable value classes (see the module's docstring)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        """copy and pickle rebuild the value field by field (assignment would raise)."""
        return (_rebuild, (self.__class__, dict(zip(self._fields, self._values()))))


def _rebuild(cls: type[T], values: dict[str, Any]) -> T:
    value = object.__new__(cls)
    for name, field in values.items():
        object.__setattr__(value, name, field)
    return value


def replace(value: T, **changes: Any) -> T:
    """A copy of ``value`` with some fields changed, through its ``__init__`` (which checks
    them), as ``dataclasses.replace`` does."""
    return value.__class__(**{**dict(zip(value._fields, value._values())), **changes})
