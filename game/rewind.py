"""Taking back a player's last bid or card: the game rebuilt from its own record.

A game is its rules, seed, deals and actions (a save is a replay), so rewinding is
replaying the record without the last action(s). A player may take back their last call
while the auction is still open, or their last card while the trick is still open; the
actions that followed it (the bots' replies) go too.

>>> from game import Rules, new_game
>>> g = new_game(Rules.preset("australian"), seed=7)
>>> first = g.to_act
>>> before = g.to_json()
>>> g.act("PASS")
>>> undo_point(g, first)
0
>>> take_back(g, first).to_json() == before
True
>>> undo_point(new_game(seed=7), first) is None
True
"""

from __future__ import annotations

from game.engine import Game, new_game


def undo_point(game: Game, player: int) -> int | None:
    """The number of actions to keep so that ``player``'s last action is taken back, or
    ``None`` when it cannot be: ``player`` has made no call in the auction still open, or
    no card in the trick still open (a misère contractor's cards from a partner's hand
    count as theirs)."""
    if game.phase == "bid":
        calls = game.auction  # this deal's calls: the last len(calls) actions
        start = len(game.actions) - len(calls)
        mine = [i for i, (seat, _call) in enumerate(calls) if seat == player]
        return start + mine[-1] if mine else None
    if game.phase == "play":
        trick = game.current_trick  # this trick's cards: the last len(trick) actions
        start = len(game.actions) - len(trick)
        mine = [i for i, (seat, _card) in enumerate(trick) if game.controller_of(seat) == player]
        return start + mine[-1] if mine else None
    return None


def replay(game: Game, keep: int) -> Game:
    """A new game equal to ``game`` as it was after its first ``keep`` actions.

    >>> g = new_game(seed=3); g.act("PASS")
    >>> replay(g, 0) == new_game(seed=3), replay(g, 1) == g
    (True, True)
    """
    if not 0 <= keep <= len(game.actions):
        raise ValueError(f"keep must be between 0 and {len(game.actions)} (got {keep})")
    # The deals recorded so far are the seed's own (or fixed ones): the replay deals them again.
    again = new_game(game.rules, seed=game.seed, deals=game.deals)
    for action in game.actions[:keep]:
        again.act(action)
    return again


def take_back(game: Game, player: int) -> Game | None:
    """``game`` rebuilt without ``player``'s last action and everything after it, or
    ``None`` when :func:`undo_point` says it cannot be taken back."""
    keep = undo_point(game, player)
    return None if keep is None else replay(game, keep)
