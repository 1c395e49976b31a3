"""What the table says about the contract: a Game contract's trumps, misère's aim, the rules
page's misère sentence and trump chart (issue 12, items 5 and 7)."""

from __future__ import annotations

from fakes import make_app

from game import Rules
from ui.render_settings import render_rules_page, trump_order


def _auction(app, calls: list[str]) -> None:
    """The seats to act make ``calls`` in turn (the human included), then pass."""
    g = app.game
    calls = list(calls)
    while g.phase == "bid":
        app._apply(calls.pop(0) if calls else "PASS")


def test_a_game_contract_says_what_is_trumps():
    app, screen, _ = make_app(overrides={"speed": "normal", "preset": "46-card-1000", "seed": 3})
    app.boot()
    _auction(app, ["GAME"])
    assert app.game.contract[1] == "GAME" and app.view()["trump"] == "NT"
    screen.render()
    assert "Game (NT)" in screen.last["status"]
    assert 'aria-label="Game, No trumps"' in screen.last["status"]
    assert "Game (NT)" in screen.last["seats"]


def test_a_misere_hand_says_the_contractor_must_take_no_trick():
    app, screen, _ = make_app(overrides={"speed": "normal", "preset": "australian", "seed": 3})
    app.boot()
    _auction(app, ["7S", "MIS"])
    g = app.game
    seat = g.contract[0]
    while g.phase != "play":
        app._apply(g.legal_actions()[0])
    screen.render()
    name = "you" if seat == 0 else app.player_name(seat)
    assert f"Misère: {name} must take no trick." in screen.last["panel"]


def test_the_rules_page_explains_misere_and_charts_the_trumps():
    page = render_rules_page(Rules.preset("australian"), "australian")
    assert "the contractor plays with no trumps and loses the contract" in page
    assert page.index("Joker") < page.index("Jack of hearts (right bower)")
    assert page.index("(right bower)") < page.index("Jack of diamonds (left bower)")
    assert page.index("(left bower)") < page.index("Ace of hearts")
    no_misere = render_rules_page(Rules.preset("46-card-1000"), "46-card-1000")
    assert "Misère is a bid" not in no_misere
    assert trump_order(Rules.preset("46-card-1000"))[:2] == ["BJ", "JK"]
    assert trump_order(Rules.preset("australian"))[-1] == "4H"
    assert "13H" in trump_order(Rules.preset("six-handed"))


def test_the_auction_stays_reachable_during_play():
    app, screen, _ = make_app(overrides={"speed": "normal", "preset": "australian", "seed": 3})
    app.boot()
    _auction(app, ["7S", "7H"])
    g = app.game
    while g.phase != "play":
        app._apply(g.legal_actions()[0])
    screen.render()
    assert "auction-line" not in screen.last["panel"]
    assert "Last trick and auction" in screen.last["panel"]  # before the first trick too
    app.toggle_peek()
    panel = screen.last["panel"]
    assert "auction-line" in panel
    assert panel.count("<li") >= len(g.auction)
    assert "Seven hearts" in panel and "Seven spades" in panel
