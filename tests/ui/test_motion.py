"""Motion decisions (ui/motion.py): a deal to animate once, the held trick's sweep."""

from __future__ import annotations

from fakes import make_app

from ui import motion
from ui.app import Hold


def test_deal_key_only_before_the_first_call_and_not_instant():
    app, _screen, _bots = make_app(overrides={"speed": "normal", "seed": 4})
    app.boot()
    assert motion.deal_key(app) == f"{app.generation}/1"
    app.overrides["speed"] = "instant"
    assert motion.deal_key(app) is None


def test_sweep_towards_the_winner_while_a_trick_is_held():
    app, _screen, _bots = make_app(overrides={"speed": "normal", "seed": 4})
    app.boot()
    assert motion.trick_sweep(app) is None
    trick = {"cards": [[0, "AS"], [1, "KS"], [2, "QS"], [3, "JS"]], "winner": 1}
    app.ui.hold = Hold("trick", app.clock() + 1.3, trick=trick)
    assert motion.trick_sweep(app) == ("left", 1300 - motion.SWEEP_MS)
    app.ui.hold.after = Hold("hand", 0)  # the hand's last trick stays for the result
    assert motion.trick_sweep(app) is None


def test_the_stylesheet_ships_with_the_module():
    css = motion.stylesheet()
    assert "@keyframes deal-in" in css and "prefers-reduced-motion" in css
