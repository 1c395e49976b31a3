"""The hint reasons: codes with JSON-safe parameters, one English template per code."""

from __future__ import annotations

import json
import string

import pytest
from bot_helpers import AUSTRALIAN, make_bot, make_deal

from game import Rules, new_game
from game.bots import Bot
from game.bots.reasons import CARD_KEYS, ROLES, SUIT_KEYS, TEMPLATES, Reason
from game.cards import CARD_ID

BIDS = {f"{n}{d}" for n in range(6, 11) for d in ("S", "C", "D", "H", "NT")}
BIDS |= {"MIS", "OMIS", "BMIS", "GAME", "PASS"}


def _fields(template) -> set[str]:
    texts = template if isinstance(template, tuple) else (template,)
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def check_reason(reason: Reason) -> None:
    """A known code, JSON-safe parameters of the documented kinds, a complete sentence."""
    assert isinstance(reason, Reason)
    assert reason.code in TEMPLATES, reason
    params = reason.params
    assert json.loads(json.dumps(reason.to_json())) == {"code": reason.code, "params": params}
    assert _fields(TEMPLATES[reason.code]) <= set(params), reason
    for key, value in params.items():
        if key in CARD_KEYS:
            assert value in CARD_ID, reason
            assert params[f"{key}_role"] in ROLES, reason
        elif key.endswith("_role"):
            assert value in ROLES, reason
        elif key in SUIT_KEYS:
            assert value in ("S", "C", "D", "H", "NT"), reason
        elif key == "bid":
            assert value in BIDS, reason
        elif key in ("n", "p", "points"):
            assert type(value) is int, reason
        elif key == "mean":
            assert type(value) is float and round(value, 1) == value, reason
        elif key == "cards":
            assert value and all(c in CARD_ID for c in value), reason
        else:
            raise AssertionError(f"undocumented parameter {key} in {reason}")
    text = str(reason)
    assert text and "{" not in text and "}" not in text, text


def test_every_code_has_a_template_with_known_placeholders():
    known = set(CARD_KEYS) | set(SUIT_KEYS) | {"bid", "n", "p", "mean", "cards", "points"}
    for code, template in TEMPLATES.items():
        fields = _fields(template)
        assert fields <= known, (code, fields)
        if isinstance(template, tuple):
            assert len(template) == 2 and "n" in fields, code
        else:
            assert isinstance(template, str) and "n" not in fields, code


def test_plural_templates_use_the_right_form():
    one = Reason("easy_bid", {"bid": "7H", "n": 1})
    many = Reason("easy_bid", {"bid": "7H", "n": 7})
    assert str(one) == "Bid 7H: 1 trick counting sure winners and partner"
    assert str(many) == "Bid 7H: 7 tricks counting sure winners and partner"
    search = Reason("search", {"n": 24, "points": 1})
    assert "24 likely deals" in str(search) and "scores 1 point more" in str(search)


def _reasons_of_a_hand(rules: Rules, deal: dict | None, seed: int, levels) -> list[Reason]:
    g = new_game(rules, seed=seed, deal=deal)
    out = []
    turn = 0
    while g.phase != "over" and not g.hands_played and g.hand_number == 0:
        seat = g.controller_of(g.to_act)
        view = g.view(seat)
        level = levels[turn % len(levels)]
        action, reason = make_bot(level, seed + turn).advise(view)
        check_reason(reason)
        out.append(reason)
        assert make_bot(level, seed + turn).suggest(view) == (action, str(reason))
        g.act(action)
        turn += 1
    return out


@pytest.mark.parametrize("preset", ["australian", "american", "three-handed"])
def test_real_decisions_give_json_safe_reasons(preset):
    codes: set[str] = set()
    for seed in range(3):
        codes |= {r.code for r in _reasons_of_a_hand(Rules.preset(preset), None, seed, ["normal"])}
    codes |= {r.code for r in _reasons_of_a_hand(Rules.preset(preset), None, 7, ["easy", "hard"])}
    assert any(c.startswith(("bid_", "pass_", "easy_", "inkle")) for c in codes), codes
    assert any(c.startswith("discard_") for c in codes), codes
    assert len(codes) >= 6, codes


def test_misere_hands_give_misere_reasons():
    rules = AUSTRALIAN.with_options(misere="anytime", misere_partner="both-hands")
    low = "4H 5H 6H 4D 5D 6D 5S 6S 5C 6C".split()
    partner = "7H 8H 7D 8D 7S 8S 7C 8C 9H 9D".split()
    deal = make_deal(rules, {0: low, 2: partner})
    codes = {r.code for r in _reasons_of_a_hand(rules, deal, 1, ["normal"])}
    assert "bid_misere" in codes and "discard_misere" in codes, codes
    assert any(c.startswith("misere_") for c in codes), codes


def test_a_no_trumps_hand_nominates_the_joker_and_the_hard_bot_explains():
    strong = "JK AS AC AD AH KS KC KD KH QS".split()
    deal = make_deal(AUSTRALIAN, {0: strong})
    reasons = _reasons_of_a_hand(AUSTRALIAN, deal, 1, ["normal", "hard"])
    codes = [r.code for r in reasons]
    assert "nominate_nt" in codes and "discard_nt" in codes, codes
    for reason in (
        Reason("search", {"n": 6, "points": 12}),
        Reason("search_lead", {"n": 6, "points": 12, "other": "JD", "other_role": "left_bower"}),
        Reason("pass_gain", {"bid": "10H", "p": 58, "points": 22}),
        Reason("pass_ten_short", {"bid": "10H", "p": 17}),
        Reason("nominate_misere", {"suit": "S"}),
        Reason("bid_game", {"bid": "GAME", "mean": 9.4, "p": 55}),
        Reason("inkle", {"bid": "6H", "suit": "H"}),
        Reason("random"),
        Reason("fallback"),
    ):
        check_reason(reason)


def test_random_and_only_legal_reasons():
    g = new_game(AUSTRALIAN, seed=2)
    _, reason = Bot("random", seed=1).advise(g.view(g.to_act))
    assert reason == Reason("random")
    view = dict(g.view(g.to_act), legal_actions=["PASS"])
    assert Bot("normal").advise(view) == ("PASS", Reason("only_legal"))
