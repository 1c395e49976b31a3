"""Plain minimax over the play core: the slow, obviously correct reference for the solver.

No pruning, no table, no merging of equal cards: every legal move of every
seat is tried. Only for tests on small positions (a few tricks left).

>>> from game.cards import card_id as c, HEARTS
>>> from game.playstate import PlayState
>>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, HEARTS,
...     [[c("JH"), c("AS")], [c("4H"), c("KS")], [c("5H"), c("QS")], [c("6H"), c("JS")]],
...     tricks_done=8)
>>> minimax(st), minimax_moves(st) == {(c("JH"), None): 2, (c("AS"), None): 2}
(2, True)
"""

from __future__ import annotations

from game.playstate import PlayState

Move = tuple[int, "int | None"]


def minimax(st: PlayState) -> int:
    """Tricks the contractor's side takes from here with perfect play on every side.

    The contractor's side maximises (minimises in misère); every other seat
    plays against it. ``st`` is left as it was.
    """
    if st.over or not st.hands[st.to_act]:
        return 0
    wants_more = (st.side[st.to_act] == st.cside) != st.misere
    best: int | None = None
    for move in st.legal_plays():
        v = _after(st, move)
        if best is None or (v > best if wants_more else v < best):
            best = v
    assert best is not None
    return best


def minimax_moves(st: PlayState) -> dict[Move, int]:
    """:func:`minimax` value after each legal move of the seat to play."""
    return {move: _after(st, move) for move in st.legal_plays()}


def _after(st: PlayState, move: Move) -> int:
    done = st.done
    st.play(*move)
    gained = 1 if st.done > done and st.side[st.to_act] == st.cside else 0
    value = gained + minimax(st)
    st.undo()
    return value
