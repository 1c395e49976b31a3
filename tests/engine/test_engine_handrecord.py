"""Hand records: every hand of random games in every preset survives text and back, and
hostile text is refused with a code, never half-read."""

from __future__ import annotations

import random

import pytest

from game import Game, RecordError, Rules, new_game
from game.handrecord import HandRecord, format_hand, format_record, parse_hand, record_of


def _random_game(rules: Rules, rng: random.Random, hands: int) -> Game:
    """A game played with random legal actions until ``hands`` hands are finished (or over)."""
    game = new_game(rules, seed=rng.randrange(2**31))
    while len(game.hands_played) < hands and game.phase != "over":
        game.act(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_every_hand_round_trips(preset: str) -> None:
    rng = random.Random(preset)
    for _ in range(6):
        game = _random_game(Rules.preset(preset), rng, hands=2)
        for index in range(len(game.deals)):  # thrown-in hands and the one in progress too
            text = format_hand(game, index)
            record = parse_hand(text)
            assert record == record_of(game, index)
            assert format_record(record) == text
            replayed = record.replay()
            assert replayed.actions == record.actions()
            assert replayed.deals[0] == game.deals[index]
            played = [h for h in game.hands_played if h["hand"] == index]
            if played:
                mine = replayed.hands_played[0]
                for key in ("contractor", "bid", "tricks", "made", "played"):
                    assert mine[key] == played[0][key]


def test_custom_rules_are_the_closest_preset_and_its_changes() -> None:
    rules = Rules.preset("american").with_options(target=1000, sans_kitty=True)
    game = _random_game(rules, random.Random(3), hands=1)
    text = format_hand(game, 0)
    assert "Rules: american target=1000 sans_kitty=true" in text.splitlines()
    assert parse_hand(text).rules == rules


def test_play_again_turns_the_table_to_the_human() -> None:
    game = _random_game(Rules.preset("six-handed"), random.Random(4), hands=1)
    record = parse_hand(format_hand(game, 0, human=2))
    fresh = record.fresh_game(seed=9)
    assert fresh.actions == [] and sorted(fresh.hand(0)) == sorted(game.deals[0]["hands"][2])
    assert fresh.dealer == (game.deals[0]["dealer"] - 2) % 6
    assert fresh.side_of(0) == fresh.side_of(3)  # partnerships kept


def _text() -> str:
    game = _random_game(Rules.preset("australian"), random.Random(5), hands=1)
    return format_hand(game, 0)


def _line(text: str, key: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(key))


def _code(text: str) -> str:
    with pytest.raises(RecordError) as info:
        parse_hand(text)
    return info.value.code


def test_hostile_records_are_refused_with_a_code() -> None:
    text = _text()
    seat0 = _line(text, "Seat 0:")
    seat1 = _line(text, "Seat 1:")
    first_card, second_card = seat0.split()[2:4]
    auction = _line(text, "Auction:")
    play = _line(text, "Play:")
    cases = {
        "too-big": "x" * 30_000,
        "not-a-record": "hello\nworld",
        "record-version": text.replace("record 1", "record 7"),
        "bad-line": text + "just words\n",
        "unknown-section": text + "Score: 500\n",
        "twice": text + "Dealer: 1\n",
        "missing": text.replace(seat1 + "\n", ""),
        "unknown-preset": text.replace("Rules: australian", "Rules: canasta"),
        "invalid-rules": text.replace("Rules: australian", "Rules: australian target=750"),
        "invalid-seat": text.replace(_line(text, "Dealer:"), "Dealer: 9"),
        "not-a-card": text.replace(seat0, seat0.replace(first_card, "ZZ")),
        "card-count": text.replace(seat0, seat0 + " " + first_card),
        "duplicate-card": text.replace(seat0, seat0.replace(second_card, first_card)),
        "invalid-action": text.replace(auction, "Auction: 11H"),
        "after-the-hand": text.replace(play, play + " / PASS"),
        "trick-break": text.replace(play, play.replace(" / ", " ", 1)),
    }
    for code, bad in cases.items():
        assert _code(bad) == code, code


def test_a_card_that_is_not_in_this_deck_is_an_invalid_deal() -> None:
    text = _text()
    kitty = _line(text, "Kitty:")
    card = kitty.split()[1]
    assert _code(text.replace(kitty, kitty.replace(card, "BJ"))) == "invalid-deal"


def test_random_garbage_is_refused_with_a_code() -> None:
    rng = random.Random(6)
    text = _text()
    for _ in range(300):
        chars = list(text)
        for _k in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = rng.choice("x/ :#\n05SHJK")
        try:
            record = parse_hand("".join(chars))
        except RecordError as exc:
            assert exc.code and str(exc)
        else:
            assert isinstance(record, HandRecord)
            record.replay()  # what is accepted plays
