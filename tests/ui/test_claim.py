"""Claims and forced cards at the table: a claim is offered only when certain, then played
out; with the setting on, the human's only legal card plays itself."""

from __future__ import annotations

from fakes import make_app, run

from game import Rules, new_game
from game.analysis.claims import can_claim
from game.analysis.positions import claimable_game
from ui import names
from ui.settings import Settings


def test_claim_is_offered_when_certain_and_plays_the_hand_out() -> None:
    game = claimable_game()
    left = len(game.hand(0))
    before = sum(w for s, w in enumerate(game.tricks_won()) if game.side_of(s) == 0)
    app, screen, _ = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    app.load_game(game)

    async def claim_and_finish() -> None:
        await app.run()
        screen.render()
        assert 'data-ui="claim"' in screen.last["panel"]
        assert app.claim()
        assert not app.claim()  # once
        await app.run()

    run(claim_and_finish())
    record = app.game.hands_played[0]
    assert record["tricks"][app.game.side_of(0)] - before == left
    assert "You claim the rest of the tricks." in screen.announcements


def test_no_claim_when_it_is_not_certain() -> None:
    """At the first lead of the same kind of hand no claim is certain: no button, no claim."""
    g = new_game(Rules.preset("australian"), seed=1)
    while g.phase != "play" or g.to_act != 0:
        legal = g.legal_actions()
        g.act("7NT" if g.phase == "bid" and g.to_act == 0 and "7NT" in legal else legal[0])
    assert not can_claim(g.view(0))
    app, screen, _ = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    app.load_game(g)
    run(app.run())
    screen.render()
    assert app.legal() and 'data-ui="claim"' not in screen.last["panel"]
    assert not app.claim() and not app.ui.claiming


def _human_forced() -> tuple:
    """A real game with the human to play and only one legal card (the last, at worst)."""
    g = new_game(Rules.preset("australian"), seed=2)
    while not (g.phase == "play" and g.to_act == 0 and len(g.legal_actions()) == 1):
        legal = g.legal_actions()
        g.act(legal[1] if g.phase == "bid" and not g.auction else legal[0])  # opener bids
    return g, g.legal_actions()[0]


def test_a_forced_card_plays_itself_with_the_setting_only() -> None:
    for auto_forced in (False, True):
        game, forced = _human_forced()
        played = len(game.actions)
        settings = Settings()
        settings.auto_forced = auto_forced
        app, _screen, _ = make_app(settings=settings, overrides={"speed": "instant"})
        app.boot()
        app.load_game(game)
        run(app.run())
        actions = app.game.actions
        if auto_forced:
            assert actions[played] == forced
        else:
            assert len(actions) == played and app.legal() == [forced]


def test_a_bot_contractor_claims_shows_its_hand_and_the_hand_plays_itself_out() -> None:
    game = claimable_game(seat=1)  # East, a bot, on lead in its 7NT with a certain claim
    left = len(game.hand(1))
    cards = list(game.hand(1))
    side = game.side_of(1)
    before = sum(w for s, w in enumerate(game.tricks_won()) if game.side_of(s) == side)
    app, screen, bots = make_app(overrides={"speed": "instant", "bots": "easy"})
    app.boot()
    app.load_game(game)
    shown: list[str] = []
    render = screen.render

    def spy() -> None:
        render()
        if app.ui.claimer == 1:
            shown.append(screen.last["seats"] + screen.last["panel"])

    screen.render = spy  # type: ignore[method-assign]
    asked = len(bots.requests)
    run(app.run())
    record = app.game.hands_played[0]
    assert record["tricks"][side] - before == left
    name = app.player_name(1)
    assert f"{name} claims the rest of the tricks." in screen.announcements
    assert shown and 'class="exposed' in shown[0]
    assert any(f"{name} claims the rest of the tricks." in html for html in shown)
    assert any(f'aria-label="{names.card_name(cards[0])}"' in html for html in shown)
    assert len(bots.requests) == asked  # nobody thought: every card played itself
    assert app.ui.claimer is None  # the next hand starts unclaimed
