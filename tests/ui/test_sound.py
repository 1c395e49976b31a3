"""Sound cues (ui/sound.py) through whole hands played by the controller."""

from __future__ import annotations

from fakes import make_app, play_out, run

from ui.settings import Settings
from ui.sound import SOUNDS, Cues


def test_cues_over_a_whole_game():
    app, _screen, _bots = make_app(overrides={"speed": "instant", "seed": 21, "bots": "easy"})
    app.boot()
    cues, heard = Cues(), []
    assert cues.events(app) == []  # the first look: nothing to announce
    run(play_out(app, after=lambda: heard.extend(cues.events(app))))
    assert {"card", "turn"} <= set(heard)
    won = app.game.winner == app.game.side_of(0)
    assert ("win" in heard) == won
    assert set(heard) <= set(SOUNDS)


def test_sound_is_off_by_default():
    assert Settings().sound is False
    assert Settings.from_json(Settings(sound=True).to_json()).sound is True
