"""Games prepared under CPython for the table's browser checks (layout, accessibility): for
each preset, saves of the moments a player meets, loaded into the page through its Import
button (no reload). Bots play every seat but the human's, whose choices are forced so that
each moment happens.

    states = table_states("australian")   # {"sheet": json, "discard": json, ...}
    raw = open_misere_state("six-handed", 2)  # Northwest's open misère, face up
    raw = open_misere_state("australian", 0, both_hands=True)  # the human plays North's hand
"""

from __future__ import annotations

import functools

from game import Game, Rules, new_game
from game.bots import Bot

HUMAN = 0


def _bot_step(game: Game, bots: dict[int, Bot]) -> None:
    seat = game.to_act
    assert seat is not None
    game.act(bots[game.controller_of(seat)].choose(game.view(seat)))


def _scored_game(preset: str) -> Game:
    """A game after several hands whose sheet has a three-digit and a negative total (none
    is negative where a failed contract scores to the defenders), at the human's turn to
    bid."""
    rules = Rules.preset(preset)
    for seed in range(1, 60):
        game = new_game(rules, seed=seed)
        bots = {s: Bot("easy", seed=seed + s) for s in range(rules.players)}
        while game.phase != "over" and len(game.hands_played) < 12:
            _bot_step(game, bots)
            scores = game.scores
            if (
                len(game.hands_played) >= 3
                and (min(scores) < 0 or rules.failed_contract_to_defenders)
                and max(scores) >= 100
                and game.phase == "bid"
                and game.to_act == HUMAN
            ):
                return game
    raise AssertionError(f"no seed gives a varied score sheet for {preset}")


def _hand_states(rules: Rules, seed: int) -> dict[str, str] | None:
    """The human bids the lowest bid they can; if they win the auction, play the hand's last
    card, and the game goes on after the hand: saves at the kitty, mid-hand, and before
    that last card."""
    game = new_game(rules, seed=seed)
    bots = {s: Bot("easy", seed=seed + s) for s in range(rules.players)}
    while game.phase == "bid":
        if game.to_act == HUMAN and not any(seat == HUMAN for seat, _c in game.auction):
            bids = [a for a in game.legal_actions() if a[:-1].isdigit()]
            game.act(bids[0] if bids else "PASS")
        elif game.to_act == HUMAN:
            game.act("PASS")
        else:
            _bot_step(game, bots)
    if game.contract is None or game.contract[0] != HUMAN or game.phase != "discard":
        return None
    states = {"discard": game.to_json()}
    while not (game.phase == "play" and game.to_act == HUMAN and len(game.tricks) >= 4):
        _bot_step(game, bots)
    states["play"] = game.to_json()
    last = game.rules.players - 1 - len(game.sitting_out())  # the human plays last
    while not (game.to_act == HUMAN and len(game.view(HUMAN)["hand"]) == 1):
        _bot_step(game, bots)
    if len(game.current_trick) != last:
        return None
    states["last"] = game.to_json()
    while not game.hands_played:
        _bot_step(game, bots)
    return states if game.phase != "over" else None


@functools.cache
def table_states(preset: str) -> dict[str, str]:
    """Saves (``Game.to_json()``) of ``preset`` at: ``sheet`` (bidding, several hands on the
    sheet), ``discard`` (the human holds the kitty), ``play`` (mid-hand, the human to play)
    and ``last`` (the human's last card, the last of the hand: playing it finishes it)."""
    rules = Rules.preset(preset)
    for seed in range(1, 100):
        states = _hand_states(rules, seed)
        if states is not None:
            return {"sheet": _scored_game(preset).to_json(), **states}
    raise AssertionError(f"the human never won a contract in {preset}")


@functools.cache
def open_misere_state(preset: str, contractor: int, both_hands: bool = False) -> str:
    """A save of ``preset`` where ``contractor`` plays open misère and the human is to play
    from a hand other than the contractor's while a hand lies face up: the others pass while
    ``contractor`` bids it. A bot contractor's hand lies face up, the human to play; with
    ``both_hands`` (the ``misere_partner`` option) and the human the contractor, the human is
    to play from the partner's hand, which lies face up for them."""
    rules = Rules.preset(preset)
    if both_hands:
        rules = rules.with_options(misere_partner="both-hands")
    for seed in range(1, 200):
        game = new_game(rules, seed=seed)
        bots = {s: Bot("easy", seed=seed + s) for s in range(rules.players)}
        for _step in range(100):
            if game.phase != "bid":
                break
            bid = game.to_act == contractor and "OMIS" in game.legal_actions()
            game.act("OMIS" if bid and ("OMIS" not in {c for _s, c in game.auction}) else "PASS")
        if game.contract is None or game.contract[0] != contractor:
            continue
        while not game.hands_played:
            seat = game.to_act
            assert seat is not None
            if (
                game.phase == "play"
                and seat != contractor
                and game.controller_of(seat) == HUMAN
                and game.exposed()
            ):
                return game.to_json()
            _bot_step(game, bots)
    raise AssertionError(f"no open misère by seat {contractor} in {preset}")
