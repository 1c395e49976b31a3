"""Computer players for Five Hundred: ``Bot(level, seed)``, reading only a seat's view.

>>> from game import new_game
>>> from game.bots import Bot
>>> g = new_game(seed=1)
>>> g.act(Bot("normal", seed=1).choose(g.view(g.to_act)))

Modules: :mod:`~game.bots.knowledge` (the view as card ids), :mod:`~game.bots.state`
(fast play-phase state), :mod:`~game.bots.evaluate` and :mod:`~game.bots.tables`
(calibrated hand evaluation), :mod:`~game.bots.bidding`, :mod:`~game.bots.reliability`
(the make chances hints claim, corrected by the bots' own results), :mod:`~game.bots.kitty`,
:mod:`~game.bots.play` (easy and normal card play), :mod:`~game.bots.sampling` and
:mod:`~game.bots.search` (the hard bot, and the normal bot's
light check of its policy's card), :mod:`~game.bots.reasons` (hint texts),
:mod:`~game.bots.calibrate` (the tool that builds the tables).
"""

from .bot import LEVELS, Bot

__all__ = ["LEVELS", "Bot"]
