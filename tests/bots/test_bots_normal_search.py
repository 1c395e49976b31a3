"""The normal bot's light search: the policy's card is replaced only when a few sampled
deals played out show a clearly better one."""

from __future__ import annotations

from bot_helpers import AUSTRALIAN, make_bot

from game import new_game
from game.bots.knowledge import Knowledge
from game.bots.play import normal_play
from game.cards import CARD_STR

# Seed 280: seat 3's 6NT with the joker kept free. With three cards left, partner (seat 1)
# leads 10H and seat 2 discards; seat 3 holds JC KC JK, the only clubs out bar partner's 5C.
# The policy throws JC under partner's winning trick: partner stays on lead, its QH then
# loses to seat 0's KH, and the side takes 9 tricks (+120). Overtaking with the joker takes
# the lead to run KC and JC: all ten tricks (+250).
SLAM_ACTIONS = (
    "6NT PASS PASS PASS".split()
    + ["DISCARD 8S 6C 6D", "NOMINATE -"]
    + "AS 5S 7S 6S KS 5D 9S JS AD 9D QD 4D AH 5H 4H 6H 9C QC AC 7C".split()
    + "QS 8C 8D 10D 10S 10C 9H 7H 10H 7D".split()
)


def test_normal_plays_the_card_its_search_finds_over_the_policy():
    g = new_game(AUSTRALIAN, seed=280)
    for a in SLAM_ACTIONS:
        g.act(a)
    assert g.to_act == 3 and g.current_trick == [(1, "10H"), (2, "7D")]
    view = g.view(3)
    policy_card = normal_play(Knowledge.from_view(view).play_state(), 3)[0]
    assert CARD_STR[policy_card] == "JC"
    action, why = make_bot("normal").advise(view)
    assert action == "JK"
    assert why.code == "search_follow" and why.params["other"] == "JC"
    assert why.params["points"] > 0
