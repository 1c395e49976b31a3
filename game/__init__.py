"""Five Hundred: a pure-Python rules engine (see shared/CONTRACT.md).

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=7)
>>> g.phase, g.to_act in range(4)
('bid', True)
"""

from game.engine import Game, new_game
from game.errors import IllegalAction, RecordError, SaveError
from game.rules import Rules

__all__ = ["Game", "IllegalAction", "RecordError", "Rules", "SaveError", "new_game"]
