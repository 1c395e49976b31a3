"""A seat's information set: what that seat may know, and nothing more.

The view is assembled from two parts kept apart on purpose: ``public_view``
reads only what every player at the table sees (auction, contract, played
cards, face-up hands, scores), and ``build_view`` adds the seat's *own*
private cards (its hand, and the kitty and discards if it is the contractor).
No other seat's hidden cards are ever read here, so none can leak.

>>> from game import new_game
>>> g = new_game(seed=3)
>>> v = g.view(0)
>>> v["phase"], v["seat"], v["legal_actions"] == (g.legal_actions() if g.to_act == 0 else [])
('bid', 0, True)
>>> len(v["hand"]), v["kitty"], v["kitty_size"], v["high_bid"], v["contract"]
(10, None, 3, None, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Game


def public_view(game: Game) -> dict[str, Any]:
    """What every seat (and a spectator) may know."""
    rules = game.rules
    contract, high = game.contract, game.high_bid
    return {
        "rules": rules.to_dict(),
        "players": rules.players,
        "sides": [rules.side_of(s) for s in range(rules.players)],
        "phase": game.phase,
        "to_act": game.to_act,
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "auction": [[s, c] for s, c in game.auction],
        "kitty_size": rules.kitty_size,
        "high_bid": {"seat": high[0], "bid": high[1]} if high else None,
        "contract": (
            {"seat": contract[0], "bid": contract[1], "value": game.contract_value}
            if contract
            else None
        ),
        "trump": game.trump,
        "trump_suit": game.trump_suit,
        "nominated": game.joker_nomination(),
        "sitting_out": game.sitting_out(),
        "hand_sizes": [len(game.hand(s)) for s in range(rules.players)],
        "tricks": [t.to_dict() for t in game.tricks],
        "current_trick": [[s, c] for s, c in game.current_trick],
        "current_led": game.current_led,
        "current_joker_suit": game.current_joker_suit,
        "tricks_won": game.tricks_won(),
        "exposed": {str(s): cards for s, cards in game.exposed().items()},
        "called": game.called_card,
        "partner": game.revealed_partner,
        "scores": list(game.scores),
        "hands_played": [dict(r) for r in game.hands_played],
        "winner": game.winner,
    }


def build_view(game: Game, seat: int) -> dict[str, Any]:
    """``public_view`` plus ``seat``'s own cards and, on its turn, its legal actions."""
    if not isinstance(seat, int) or not 0 <= seat < game.rules.players:
        raise ValueError(f"no seat {seat!r} at this table")
    view = public_view(game)
    view["seat"] = seat
    view["hand"] = game.hand(seat)
    contract = game.contract
    is_contractor = contract is not None and contract[0] == seat
    view["kitty"] = game.contractor_kitty if is_contractor and game.kitty_taken else None
    view["discards"] = (
        game.contractor_discards if is_contractor and game.phase != "discard" else None
    )
    to_act = game.to_act
    acting = to_act is not None and game.controller_of(to_act) == seat
    view["acting_for"] = to_act if acting else None
    view["legal_actions"] = game.legal_actions() if acting else []
    return view
