"""The engine's error type.

>>> issubclass(IllegalAction, ValueError)
True
"""


class IllegalAction(ValueError):
    """An action that is not legal now; the message says why, for a player to read."""
