"""Bots never read hidden information: a deal that differs only in cards the seat cannot
see, with the same actions, gives the seat the same view and the bots the same decision."""

from __future__ import annotations

import random

import pytest
from bot_helpers import make_bot

from game import IllegalAction, Rules, new_game
from game.bots import Bot
from game.cards import CARD_ID
from game.tricks import play_context


def _advance(rules: Rules, seed: int, steps: int):
    g = new_game(rules, seed=seed)
    bots = [Bot("normal", seed=s) for s in range(rules.players)]
    for _ in range(steps):
        seat = g.controller_of(g.to_act)
        g.act(bots[seat].choose(g.view(seat)))
        if g.phase == "over" or g.hands_played or g.hand_number:
            return None
    return g


def _hidden_cards(g, seat: int) -> list[str]:
    """Cards whose place ``seat`` does not know and that no action names: unplayed cards of
    hidden hands, and the kitty until its taker's discards (which stay put)."""
    view = g.view(seat)
    seen = set(view["hand"]) | {c for h in view["exposed"].values() for c in h}
    seen |= set(view["kitty"] or []) | set(view["discards"] or [])
    seen |= {c for t in view["tricks"] for _, c in t["cards"]}
    seen |= {c for _, c in view["current_trick"]}
    discard = [a for a in g.actions if a.startswith("DISCARD")]
    if discard:
        seen |= set(discard[0].split()[1:])
    deal = g.deals[-1]
    everything = [c for h in deal["hands"] for c in h] + deal["kitty"]
    return [c for c in everything if c not in seen]


def _perturbed(g, seat: int, rng: random.Random):
    """The same game with the hidden cards swapped among themselves (same effective suit)."""
    ctx = play_context(_trump(g))
    hidden = _hidden_cards(g, seat)
    groups: dict[int, list[str]] = {}
    for c in hidden:
        groups.setdefault(ctx.eff[CARD_ID[c]], []).append(c)
    mapping = {}
    for cards in groups.values():
        shuffled = cards[:]
        rng.shuffle(shuffled)
        mapping.update(zip(cards, shuffled))
    deal = g.deals[-1]
    new_deal = {
        "dealer": deal["dealer"],
        "hands": [[mapping.get(c, c) for c in h] for h in deal["hands"]],
        "kitty": [mapping.get(c, c) for c in deal["kitty"]],
    }
    g2 = new_game(g.rules, seed=g.seed, deal=new_deal)
    try:
        for a in g.actions:
            g2.act(a)
    except IllegalAction:
        return None
    return g2


def _trump(g):
    return "SCDH".index(g.trump) if g.trump in ("S", "C", "D", "H") else None


@pytest.mark.parametrize("preset", ["australian", "three-handed", "six-handed", "46-card-1000"])
def test_decisions_do_not_depend_on_unseen_cards(preset):
    rules = Rules.preset(preset)
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        g = _advance(rules, seed, rng.randrange(4, 40))
        if g is None:
            continue
        seat = g.controller_of(g.to_act)
        g2 = _perturbed(g, seat, rng)
        if g2 is None or g2.deals[-1] == g.deals[-1]:
            continue
        view = g.view(seat)
        assert g2.view(seat) == view
        for level in ("easy", "normal", "hard"):
            assert make_bot(level, seed).choose(view) == make_bot(level, seed).choose(
                g2.view(seat)
            ), (preset, seed, level)
        checked += 1
    assert checked >= 10
