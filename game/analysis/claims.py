"""Claims: does a player take every remaining trick, whatever the cards they cannot see?

A claim is offered only when it is certain. :func:`sure_to_take_rest` proves
it for a player on lead from what that player knows: every card they hold
outranks every card of its effective suit they cannot account for (all other
live cards, partner's included, kitty and discards unless they made them);
in a suit contract their trumps also outnumber everybody else's trumps put
together, so leading trumps first draws them whatever the layout (each
holder must follow); in no trumps an un-nominated joker they cannot see
forbids a claim (it may win any trick its holder is void in), and their own
un-nominated jokers are led last, when the hand holds nothing else (always
allowed). The claimant then wins every trick by leading: trumps first, the
other suits next, jokers last. Misère has no claims (its contractor wants no
tricks at all).

>>> from game.cards import card_id, HEARTS
>>> from game.playstate import PlayState
>>> def position(*hands):
...     st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, HEARTS,
...         [[card_id(c) for c in h.split()] for h in hands], tricks_done=7)
...     st.live = sum(st.masks)  # every other card is played
...     return st
>>> sure_to_take_rest(position("JH JD AS", "4H KS 5C", "QS 6C 7C", "JS 8C 9C"), 0)
True
>>> sure_to_take_rest(position("JH JD AS", "4H 5H 5C", "QS 6C 7C", "JS 8C 9C"), 0)
True
>>> sure_to_take_rest(position("JH JD AS", "4H 5H 6H", "QS 6C 7C", "JS 8C 9C"), 0)
False
>>> sure_to_take_rest(position("JH AS KS", "4H 5H 5C", "QS 6C 7C", "JS 8C 9C"), 0)
False
"""

from __future__ import annotations

from typing import Any

from game.bots.knowledge import Knowledge
from game.cards import NO_SUIT, card_id
from game.playstate import PlayState


def sure_to_take_rest(st: PlayState, seat: int) -> bool:
    """Whether ``seat``, on lead now, takes every remaining trick in every layout of the
    cards it cannot see (only ``st.hands[seat]``, face-up hands and ``st.dead[seat]`` are
    taken as known; everything else live may be anywhere)."""
    if st.over or st.misere or st.trick or st.to_act != seat or not st.hands[seat]:
        return False
    ctx, tables = st.ctx, st.tables
    eff, power = ctx.eff, ctx.power
    others = st.others(seat)
    mine = st.masks[seat]
    if st.trump is None and others & tables.mask[NO_SUIT]:
        return False
    for suit in range(4):
        my_cards = mine & tables.mask[suit]
        their_cards = others & tables.mask[suit]
        if not my_cards or not their_cards:
            continue
        weakest_mine = min(power[c] for c in st.hands[seat] if eff[c] == suit)
        strongest_theirs = max(power[c] for c in tables.by_suit[suit] if their_cards >> c & 1)
        if weakest_mine < strongest_theirs:
            return False
    if st.trump is not None:
        their_trumps = others & tables.mask[st.trump]
        my_trumps = mine & tables.mask[st.trump]
        if their_trumps and bin(my_trumps).count("1") < bin(their_trumps).count("1"):
            return False
    return True


def can_claim(view: dict[str, Any]) -> bool:
    """Whether the seat acting in ``view`` may claim the rest of the tricks now (certain).

    Reads only the view, as a bot or the UI would.
    """
    if view.get("phase") != "play" or not view.get("legal_actions"):
        return False
    k = Knowledge.from_view(view)
    st = k.play_state()
    return sure_to_take_rest(st, k.actor)


def claim_lead(view: dict[str, Any]) -> str | None:
    """The lead that keeps a certain claim certain, as a legal action of ``view``: trumps
    first, then the other suits, the highest card first, jokers last (the order
    :func:`sure_to_take_rest` proves); None when no claim is certain now.

    Playing ``claim_lead`` at every lead takes every remaining trick whatever the others
    hold, so a UI may play a claimed hand out by itself.
    """
    if not can_claim(view):
        return None
    st = Knowledge.from_view(view).play_state()
    eff, power = st.ctx.eff, st.ctx.power

    def order(action: str) -> tuple[int, int]:
        card = card_id(action.split(":")[0])
        kind = 0 if eff[card] == st.trump else 2 if eff[card] == NO_SUIT else 1
        return kind, -power[card]

    return min(view["legal_actions"], key=order)


def concede_card(view: dict[str, Any]) -> str:
    """The card played for a seat once another has claimed every remaining trick: its
    lowest legal card (nothing it plays can win a trick any more).

    >>> from game.analysis.positions import claimable_game
    >>> g = claimable_game()
    >>> concede_card(g.view(g.to_act)) in g.legal_actions()
    True
    """
    legal = view["legal_actions"]
    power = Knowledge.from_view(view).play_state().ctx.power
    return min(legal, key=lambda action: (power[card_id(action.split(":")[0])], action))
