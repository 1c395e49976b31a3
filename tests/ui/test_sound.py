"""Sound cues (ui/sound.py) through whole hands played by the controller."""

from __future__ import annotations

from fakes import make_app, run

from ui.settings import Settings
from ui.sound import SOUNDS, Cues


async def _play_with_cues(app, cues: Cues, heard: list[str]) -> None:
    while app.game.phase != "over":
        await app.run()
        heard.extend(cues.events(app))
        if app.game.phase == "over":
            break
        if app.game.phase == "discard":
            for card in app.view()["hand"][: app.game.rules.kitty_size]:
                app.click_card(card)
            app.act("DISCARD")
        else:
            app.act(app.legal()[0])
        heard.extend(cues.events(app))


def test_cues_over_a_whole_game():
    app, _screen, _bots = make_app(overrides={"speed": "instant", "seed": 21, "bots": "easy"})
    app.boot()
    cues, heard = Cues(), []
    assert cues.events(app) == []  # the first look: nothing to announce
    run(_play_with_cues(app, cues, heard))
    assert {"card", "turn"} <= set(heard)
    won = app.game.winner == app.game.side_of(0)
    assert ("win" in heard) == won
    assert set(heard) <= set(SOUNDS)


def test_sound_is_off_by_default():
    assert Settings().sound is False
    assert Settings.from_json(Settings(sound=True).to_json()).sound is True
