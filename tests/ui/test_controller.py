"""The controller and the HTML renderers, driven under CPython with fakes (no browser)."""

from __future__ import annotations

import asyncio
import re

import pytest
from fakes import human_first_legal, make_app, play_out, run

from game import Game, Rules
from game.bots.reasons import TEMPLATES
from ui.hints import hint_text
from ui.html import esc
from ui.settings import Settings
from ui.storage import BAD_SAVE_KEY, SAVE_KEY, MemoryBackend

PRESETS = Rules.PRESETS


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_game_through_the_controller(preset):
    app, screen, bots = make_app(
        overrides={"speed": "instant", "seed": 21, "preset": preset, "bots": "easy"}
    )
    app.boot()
    run(play_out(app))
    g = app.game
    assert g.phase == "over" and g.winner is not None
    assert g.rules == Rules.preset(preset)
    # every bot request went through the runner as JSON, nothing illegal was applied
    assert bots.requests
    assert Game.from_json(app.store.get(SAVE_KEY)) == g
    assert app.stats["games"] == 1
    assert any("win" in a for a in screen.announcements[-3:])
    html = screen.last
    for side, score in enumerate(g.scores):
        assert f'data-score-side="{side}">{score}<' in html["scores"]
    assert "New game" in html["panel"]


def test_bid_box_shows_every_legal_bid_and_nothing_else():
    app, screen, _bots = make_app(overrides={"speed": "instant", "seed": 5})
    app.boot()
    run(app.run())
    legal = app.legal()
    assert app.game.phase == "bid" and legal
    screen.render()
    shown = re.findall(r'data-action="([^"]+)"', screen.last["panel"])
    assert sorted(shown) == sorted(legal)
    cards = re.findall(r'data-card="([^"]+)"', screen.last["hand"])
    assert cards == app.view()["hand"]
    assert 'aria-label="Pass"' in screen.last["panel"]


def test_hand_cards_legal_raised_illegal_inert():
    app, screen, _ = make_app(overrides={"speed": "instant", "seed": 8, "bots": "easy"})
    app.boot()

    async def until_play():
        while True:
            await app.run()
            if app.game.phase == "play" and app.legal():
                return
            human_first_legal(app)

    run(until_play())
    screen.render()
    legal = {a.split(":")[0] for a in app.legal()}
    buttons = re.finditer(r'<button([^>]*?data-card="([^"]+)"[^>]*)>', screen.last["hand"])
    for attrs, card in (m.groups() for m in buttons):
        assert ("disabled" in attrs) == (card not in legal), card
        assert "aria-label=" in attrs


def test_reload_resumes_the_same_game_and_bots_continue():
    backend = MemoryBackend()
    app, _s, _b = make_app(overrides={"speed": "instant", "seed": 13}, backend=backend)
    app.boot()

    async def some_moves():
        for _ in range(6):
            await app.run()
            human_first_legal(app)

    run(some_moves())
    saved = backend.data[SAVE_KEY]
    again, _s2, bots2 = make_app(overrides={"speed": "instant"}, backend=backend)
    again.boot()
    assert again.game.to_json() == saved
    run(again.run())
    assert again.game.to_json() == app.game.to_json() or len(again.game.actions) >= len(
        app.game.actions
    )


def test_bad_save_is_kept_and_reported():
    backend = MemoryBackend()
    backend.data[SAVE_KEY] = '{"format": "fivehundred-game", "version": 1, "rules": {"players": 9}}'
    app, _s, _b = make_app(backend=backend)
    app.boot()
    assert app.game is None and app.load_error is not None
    assert "rules" in app.load_error[0]
    assert backend.data[SAVE_KEY].startswith('{"format"')  # not discarded silently
    app.new_game()
    assert app.load_error is None and app.game is not None
    assert backend.data[BAD_SAVE_KEY].startswith('{"format"')
    assert Game.from_json(backend.data[SAVE_KEY]) == app.game


def test_fresh_override_ignores_the_save():
    backend = MemoryBackend()
    backend.data[SAVE_KEY] = "garbage"
    app, _s, _b = make_app(overrides={"fresh": True, "seed": 4}, backend=backend)
    app.boot()
    assert app.load_error is None and app.game.seed == 4


def test_holds_show_the_finished_trick_then_continue():
    clock = [0.0]
    app, screen, _ = make_app(overrides={"speed": "fast", "seed": 2, "bots": "easy"})
    app.clock = lambda: clock[0]

    async def sleep_stub(seconds):
        clock[0] += max(seconds, 0.001)

    app.boot()
    original_sleep = asyncio.sleep

    async def drive():
        import ui.app as app_module

        app_module.asyncio.sleep = sleep_stub
        try:
            saw_hold = False
            for _ in range(400):
                await app.run()
                if app.ui.hold is not None:
                    saw_hold = True
                if app.game.phase == "play" and app.ui.hold is None and app.legal():
                    human_first_legal(app)
                    if app.ui.hold is not None and app.ui.hold.kind == "trick":
                        trick = app.ui.hold.trick
                        assert trick["winner"] is not None and len(trick["cards"]) == 4
                        assert (
                            "wins the trick" in screen.last["panel"]
                            or "win the trick" in (screen.last["panel"])
                        )
                        return True
                elif app.legal():
                    human_first_legal(app)
            return saw_hold
        finally:
            app_module.asyncio.sleep = original_sleep

    assert run(drive())


def test_blind_misere_keeps_the_hand_face_down_until_looked_at():
    settings = Settings()
    settings.rules_dict = Rules.preset("australian").with_options(blind_misere=True).to_dict()
    app, screen, _ = make_app(settings=settings, overrides={"speed": "instant", "seed": 31})
    app.boot()
    run(app.run())
    assert app.game.phase == "bid" and app.legal()
    assert app.hand_face_down()
    assert "BMIS" in app.legal()
    screen.render()
    assert 'data-ui="look"' in screen.last["hand"] and "data-card" not in screen.last["hand"]
    app.look_at_hand()
    assert not app.hand_face_down() and "BMIS" not in app.legal()
    screen.render()
    assert 'data-action="BMIS"' not in screen.last["panel"]


def test_hint_highlights_the_suggestion():
    app, screen, _ = make_app(overrides={"speed": "instant", "seed": 6})
    app.boot()

    async def go():
        await app.run()
        app.request_hint()
        for _ in range(20):
            await asyncio.sleep(0)
            if app.ui.hint is not None:
                break

    run(go())
    action, reason = app.ui.hint
    assert action in app.legal()
    assert reason is None or reason["code"] in TEMPLATES
    screen.render()
    assert "Suggestion:" in screen.last["panel"]
    if reason is not None:
        assert esc(hint_text(reason)) in screen.last["panel"]
    assert "suggested" in screen.last["panel"] or "suggested" in screen.last["hand"]


def test_misere_contractor_plays_the_partners_open_hand():
    settings = Settings()
    settings.rules_dict = (
        Rules.preset("australian")
        .with_options(misere="anytime", misere_partner="both-hands")
        .to_dict()
    )

    async def drive(app) -> bool:
        for _ in range(500):
            await app.run()
            g = app.game
            if g.phase == "bid" and app.legal():
                app.act("MIS" if "MIS" in app.legal() else "PASS")
            elif g.phase == "play" and app.view()["acting_for"] not in (None, 0):
                return True
            elif app.legal():
                human_first_legal(app)
            if g.phase == "over":
                return False
        return False

    for seed in range(12, 40):  # the first game in which the human wins the auction on MIS
        app, screen, _ = make_app(settings=settings, overrides={"speed": "instant", "seed": seed})
        app.boot()
        if run(drive(app)):
            break
    else:
        raise AssertionError("the human never won a misère on seeds 12-39")
    screen.render()
    partner = app.view()["acting_for"]
    assert f'data-seat="{partner}"' in screen.last["seats"]
    exposed = re.findall(r'<button[^>]*data-card="([^"]+)"', screen.last["seats"])
    assert exposed and set(exposed) == set(app.view()["exposed"][str(partner)])
    # phones play it from the action panel: the same buttons there
    assert re.findall(r'<button[^>]*data-card="([^"]+)"', screen.last["panel"]) == exposed
    assert "from" in screen.last["panel"]  # "play a card from North's hand"
    card = next(c for c in exposed if c in {a.split(":")[0] for a in app.legal()})

    async def play_it():
        return app.click_card(card)

    assert run(play_it())


def test_score_sheet_rows_and_narrow_form():
    from ui.render_sheet import render_sheet

    app, _screen, _ = make_app(
        overrides={"speed": "instant", "seed": 3, "preset": "six-handed", "bots": "easy"}
    )
    app.boot()

    async def one_hand():
        while not app.game.hands_played:
            await app.run()
            if app.game.hands_played or app.game.phase == "over":
                break
            human_first_legal(app)

    run(one_hand())
    full, narrow = render_sheet(app), render_sheet(app, narrow=True)
    assert full.count("<tbody><tr>") == 1 and 'class="pts' in full
    assert 'class="pts' not in narrow and 'class="total"' in narrow
    record = app.game.hands_played[0]
    assert f">{record['scores'][0]}<" in full


def test_a_refused_action_is_announced_as_a_translated_sentence():
    app, screen, _b = make_app(overrides={"speed": "instant", "seed": 5, "preset": "australian"})
    app.boot()

    async def to_the_discard():
        for _ in range(50):
            await app.run()
            if app.game.phase == "discard" and app.legal():
                return
            assert app.game.phase == "bid" and app.legal()
            app.act(app.legal()[-1])  # the highest bid: the human wins the auction

    run(to_the_discard())
    card = app.view()["hand"][0]
    assert app.act("DISCARD " + card) is False
    assert screen.announcements[-1] == "Discard exactly 3 cards (you chose 1)."


def test_the_last_trick_of_the_game_stays_on_the_table_before_the_end_screen():
    import json

    from game import new_game
    from game.bots import Bot

    finished, bot = new_game(Rules.preset("australian"), seed=5), Bot("easy", seed=5)
    while finished.phase != "over":
        finished.act(bot.choose(finished.view(finished.to_act)))
    data = json.loads(finished.to_json())
    last = data["actions"].pop()
    app, screen, _ = make_app(overrides={"speed": "fast", "bots": "easy"})
    app.boot()
    app.load_game(Game.from_json(json.dumps(data)))
    app._apply(last)
    assert app.game.phase == "over"
    hold = app.ui.hold
    assert hold is not None and hold.kind == "trick" and hold.after is None
    assert len(hold.trick["cards"]) == 4 and hold.trick["winner"] is not None
    app.dismiss_hold()
    assert app.ui.hold is None  # now the end screen opens (ui/dom.py waits for this)


def test_a_led_joker_shows_the_suit_it_was_named_as():
    from game import new_game

    hands = [
        ["JK", "AS", "KS", "QS", "AC", "KC", "AD", "KD", "AH", "KH"],
        ["5S", "6S", "7S", "8S", "5C", "6C", "7C", "4D", "5D", "4H"],
        ["9S", "10S", "JS", "8C", "9C", "10C", "6D", "7D", "5H", "6H"],
        ["JC", "QC", "8D", "9D", "10D", "JD", "QD", "7H", "8H", "9H"],
    ]
    game = new_game(
        Rules.preset("australian"),
        seed=1,
        deal={"dealer": 3, "hands": hands, "kitty": ["10H", "JH", "QH"]},
    )
    for action in ["7NT", "PASS", "PASS", "PASS", "DISCARD 10H JH QH", "NOMINATE -", "JK:D"]:
        game.act(action)
    app, screen, _ = make_app(overrides={"speed": "slow", "bots": "easy"})
    app.boot()
    app.load_game(game)
    screen.render()
    centre = screen.last["centre"]
    assert 'class="joker-as suit-D"' in centre
    assert 'aria-label="Joker, led as diamonds"' in centre


def _one_card_before_the_end_of_a_hand(seed: int = 5) -> tuple[Game, str]:
    """A game whose next action (returned) finishes its first hand, and that game before it."""
    import json

    from game import new_game
    from game.bots import Bot

    game, bot = new_game(Rules.preset("australian"), seed=seed), Bot("easy", seed=seed)
    while not game.hands_played:
        game.act(bot.choose(game.view(game.to_act)))
    data = json.loads(game.to_json())
    last = data["actions"].pop()
    data["deals"].pop()  # the next hand's deal, made by that action
    return Game.from_json(json.dumps(data)), last


@pytest.mark.parametrize("auto_continue", [False, True])
def test_a_finished_hand_stays_until_the_player_moves_on(auto_continue, monkeypatch):
    import ui.app as app_module

    clock = [100.0]

    async def sleep_stub(seconds):
        clock[0] += max(seconds, 0.001)

    monkeypatch.setattr(app_module.asyncio, "sleep", sleep_stub)
    settings = Settings()
    settings.auto_continue = auto_continue
    app, screen, _ = make_app(settings, overrides={"speed": "normal", "bots": "easy"})
    app.clock = lambda: clock[0]
    app.boot()
    game, last = _one_card_before_the_end_of_a_hand()
    app.load_game(game)
    contract = game.contract
    app._apply(last)
    assert app.game.phase == "bid"  # the engine has dealt the next hand...
    for kind in ("trick", "hand"):  # ...but the table shows the finished one, then its result
        if kind == "hand" and auto_continue:
            break  # run() waited out the result's few seconds by itself
        assert app.ui.hold is not None and app.ui.hold.kind == kind
        screen.render()
        html = screen.last
        assert "Hand 2" not in html["status"]
        assert esc(f"by {app.player_name(contract[0])}") in html["status"]
        assert 'class="chip' in html["status"]  # tricks per side
        assert "data-card" not in html["hand"]  # no new cards yet
        assert "mini-back" not in html["seats"]
        assert html["centre"].count("data-played") == 4
        clock[0] += 1.5  # the last trick's time is up; run() starts the result's
        run(app.run())
    clock[0] += 30  # a long time: only a result waiting for the player is still there
    run(app.run())
    if auto_continue:
        assert app.ui.hold is None and "data-card" in screen.last["hand"]
        return
    assert app.ui.hold is not None and app.ui.hold.kind == "hand"
    assert "Next hand" in screen.last["centre"] and "hand-result" in screen.last["centre"]
    assert app.legal() == []
    app.dismiss_hold()
    run(app.run())
    screen.render()
    assert app.ui.hold is None
    assert screen.last["hand"].count("data-card") == 10


def test_sans_kitty_is_offered_before_the_kitty_is_seen():
    from game import new_game

    rules = Rules.preset("australian").with_options(sans_kitty=True)
    game = new_game(rules, seed=2)
    while game.phase == "bid":  # the human (seat 0) wins the auction with the first bid
        game.act(game.legal_actions()[1] if game.to_act == 0 else "PASS")
        if game.phase == "bid" and game.hand_number > 0:
            pytest.skip("thrown in")
    assert game.phase == "kitty" and game.to_act == 0
    backend = MemoryBackend()
    backend.data[SAVE_KEY] = game.to_json()
    app, screen, _ = make_app(overrides={"speed": "instant"}, backend=backend)
    app.boot()
    run(app.run())
    screen.render()
    panel = screen.last["panel"]
    assert re.findall(r'data-action="([^"]+)"', panel) == ["KITTY", "NOKITTY"]
    assert "Take the kitty" in panel and "Play without the kitty" in panel
    kitty = set(app.game.deals[0]["kitty"])
    assert not kitty & set(re.findall(r'data-card="([^"]+)"', screen.last["hand"]))
    assert app.act("NOKITTY")
    assert app.game.phase in ("play", "nominate") and not app.game.kitty_taken


def test_five_handed_call_step_lists_the_cards_to_call():
    from game import new_game

    game = new_game(Rules.preset("five-handed"), seed=2)
    while game.phase == "bid":
        game.act("10H" if game.to_act == 0 and "10H" in game.legal_actions() else "PASS")
    if game.contract is None or game.contract[0] != 0:
        pytest.skip("the human did not win the auction")
    game.act("DISCARD " + " ".join(game.deals[-1]["kitty"]))
    backend = MemoryBackend()
    backend.data[SAVE_KEY] = game.to_json()
    app, screen, _ = make_app(overrides={"speed": "instant"}, backend=backend)
    app.boot()
    run(app.run())
    screen.render()
    shown = re.findall(r'data-action="(CALL [^"]+)"', screen.last["panel"])
    assert sorted(shown) == sorted(app.legal()) and len(shown) == 40
    assert "Call your partner" in screen.last["panel"]
    assert app.act(shown[0])
    assert app.game.called_card == shown[0].split()[1]


def test_a_bid_below_the_minimum_contract_is_marked_and_its_throw_in_explained():
    app, screen, _ = make_app(overrides={"speed": "normal", "preset": "46-card-1000", "seed": 4})
    app.boot()
    g = app.game
    while g.to_act != 0:
        app._apply("PASS")
    screen.render()
    panel = screen.last["panel"]
    assert re.search(r'class="[^"]*below-min[^"]*" data-action="7C"', panel)
    assert not re.search(r'class="[^"]*below-min[^"]*" data-action="8C"', panel)
    assert 'aria-label="Seven clubs (below the minimum contract), 7♣"' in panel
    assert "cannot become the contract" in panel
    app._apply("7C")
    while len(g.deals) == 1:
        app._apply("PASS")
    said = "7♣ is below the minimum contract of 8: the cards are dealt again."
    assert said in screen.announcements
    screen.render()
    assert said in screen.last["panel"]
    assert "Everyone passed" not in " ".join(screen.announcements)
