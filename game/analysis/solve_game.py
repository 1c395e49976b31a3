"""``solve(g)``: the double-dummy value of every legal card of a :class:`~game.engine.Game`.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=3)
>>> while g.phase != "play":
...     g.act("7NT" if g.phase == "bid" and not g.auction else
...           "PASS" if g.phase == "bid" else g.legal_actions()[0])
>>> for _ in range(28):
...     g.act(g.legal_actions()[0])
>>> values = solve(g)
>>> sorted(values) == sorted(g.legal_actions()), all(0 <= v <= 3 for v in values.values())
(True, True)
"""

from __future__ import annotations

from game.cards import CARD_STR, SUITS
from game.engine import Game
from game.playstate import PlayState

from .solver import Bounds, Move, analyse


def play_state_of(g: Game) -> PlayState:
    """A copy of the game's play core (every hand known); ``ValueError`` outside play."""
    st: PlayState | None = getattr(g, "_play", None)
    if g.phase != "play" or st is None:
        raise ValueError(f"solve needs a game in the play phase (phase is {g.phase!r})")
    return st.copy()


def action_of(move: Move) -> str:
    """The engine's action string for a ``(card, named suit)`` move: ``"QS"``, ``"JK:H"``."""
    card, named = move
    return CARD_STR[card] if named is None else f"{CARD_STR[card]}:{SUITS[named]}"


def solve(g: Game) -> dict[str, int]:
    """Tricks the contractor's side takes from here after each legal action, perfect play.

    See ``solve`` in CONTRACT.md: the contractor's side maximises (minimises in
    misère), everyone else defends together; tricks already won are not counted.
    """
    return {action_of(m): b[0] for m, b in analyse(play_state_of(g)).items()}


def solve_bounds(g: Game, node_budget: int) -> dict[str, Bounds]:
    """Like :func:`solve` within ``node_budget`` search nodes: ``(low, high)`` per action,
    equal when exact."""
    return {action_of(m): b for m, b in analyse(play_state_of(g), node_budget).items()}
