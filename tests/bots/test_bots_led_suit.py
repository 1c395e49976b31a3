"""The bots read the suit a trick follows (a led joker's named suit) from the view's
``current_led``: they never guess it, so their voids and trick winners are the engine's."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bot_helpers import make_deal

from game import Game, Rules, new_game
from game.bots.knowledge import Knowledge
from game.cards import CARD_ID, SUITS


def joker_led_decisions(preset: str, seeds: range, pass_rate: float = 0.7) -> Iterator[Game]:
    """Games of random legal play, stopped at each decision after a led joker's first follow."""
    rules = Rules.preset(preset)
    for seed in seeds:
        g = new_game(rules, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over" and not g.hands_played:
            legal = g.legal_actions()
            if g.phase == "play" and g.current_joker_suit is not None:
                yield g
            if g.phase == "bid" and len(legal) > 1:
                g.act("PASS" if rng.random() < pass_rate else rng.choice(legal[1:]))
            else:
                g.act(rng.choice(legal))


def test_regression_led_joker_in_no_trumps() -> None:
    """The issue's example (australian, from seed 0 by random play): a 7NT contract, trick
    ``[[0, "JK"], [1, "KH"]]``, the view says hearts were led, the bot's state said spades.
    Here seat 2 holds only hearts, so its legal cards did not tell the suit and the old
    guess picked the first suit it did not hold."""
    rules = Rules.preset("australian")
    hearts = ["4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "AH"]
    deal = make_deal(rules, hands={0: ["JK"], 1: ["KH"], 2: hearts})
    g = new_game(rules, seed=0, deal=deal)
    for action in ["7NT", "PASS", "PASS", "PASS"]:
        g.act(action)
    g.act(g.legal_actions()[0])  # the discard
    g.act("NOMINATE -")
    g.act("JK:H")
    g.act("KH")
    assert g.current_trick == [(0, "JK"), (1, "KH")] and g.current_led == "H"
    st = Knowledge.from_view(g.view(2)).play_state()
    assert st.led == SUITS.index("H")
    assert st.voids[1] == 0


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_bots_led_suit_always_equals_the_views(preset: str) -> None:
    """At every decision after a led joker (random games), the bots' state follows the
    view's ``current_led``, and shows a void exactly for the followers who did not follow."""
    checked = 0
    for g in joker_led_decisions(preset, range(150)):
        view = g.view(g.controller_of(g.to_act))  # type: ignore[arg-type]
        st = Knowledge.from_view(view).play_state()
        led = st.led
        assert led is not None and SUITS[led] == view["current_led"], view["current_trick"]
        for seat, card in view["current_trick"][1:]:
            followed = st.ctx.eff[CARD_ID[card]] == led
            assert bool(st.voids[seat] >> led & 1) != followed, (seat, card, view["current_led"])
        checked += 1
    assert checked > 0
