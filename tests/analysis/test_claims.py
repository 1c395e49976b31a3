"""Claims are certain: the claim line wins every trick in every layout of the unseen cards."""

from __future__ import annotations

import random

import pytest

from game import Game, Rules, new_game
from game.analysis.claims import can_claim, claim_lead, sure_to_take_rest
from game.analysis.positions import TABLES, random_position
from game.cards import NO_SUIT
from game.playstate import PlayState


def _claim_line(st: PlayState, seat: int) -> tuple[int, int | None]:
    """The claimant's lead: trumps first, strongest first; other suits; jokers last."""
    eff, power, trump = st.ctx.eff, st.ctx.power, st.trump
    hand = st.hands[seat]
    card = max(hand, key=lambda c: (eff[c] == trump, eff[c] != NO_SUIT, power[c]))
    return card, (st.joker_lead_suits(seat)[0] if eff[card] == NO_SUIT else None)


def _line_wins_all(st: PlayState, seat: int) -> bool:
    """Every trick goes to ``seat`` whatever the others play (all their legal cards tried)."""
    if st.over or not st.hands[st.to_act]:
        return True
    if st.to_act == seat and not st.trick:
        moves = [_claim_line(st, seat)]
    else:
        moves = st.legal_plays()
    for move in moves:
        done = st.done
        st.play(*move)
        ok = (st.done == done or st.to_act == seat) and _line_wins_all(st, seat)
        st.undo()
        if not ok:
            return False
    return True


def _layouts(st: PlayState, seat: int, rng: random.Random, n: int) -> list[PlayState]:
    """``n`` deals of the other seats' cards among them, hand sizes kept."""
    others = [s for s in st.active if s != seat]
    pool = [c for s in others for c in st.hands[s]]
    out = []
    for _ in range(n):
        rng.shuffle(pool)
        world = st.copy()
        pos = 0
        for s in others:
            size = len(st.hands[s])
            world.hands[s] = pool[pos : pos + size]
            world.masks[s] = sum(1 << c for c in world.hands[s])
            pos += size
        out.append(world)
    return out


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("contract", ["suit", "nt", "nt-nominated"])
def test_a_claim_holds_in_every_layout(table: str, contract: str) -> None:
    rng = random.Random(f"{table}/{contract}")
    claims = 0
    for _ in range(400):
        st = random_position(rng, (table, contract), rng.choice((1, 2, 3)), mid_trick=False)
        seat = st.to_act
        st.live = 0
        for s in st.active:
            st.live |= st.masks[s]
        if sure_to_take_rest(st, seat):
            claims += 1
            for world in [st, *_layouts(st, seat, rng, 8)]:
                assert _line_wins_all(world, seat)
    assert claims >= 5


def test_no_claim_in_misere_mid_trick_or_out_of_turn() -> None:
    rng = random.Random(3)
    st = random_position(rng, ("four", "misere"), 1, mid_trick=False)
    st.live = sum(st.masks)
    assert not sure_to_take_rest(st, st.to_act)
    st = random_position(rng, ("four", "suit"), 2, mid_trick=False)
    st.play(*st.legal_plays()[0])
    assert not sure_to_take_rest(st, st.to_act)
    assert not sure_to_take_rest(st, st.trick[0][0])


def _seven_nt_hand(seed: int) -> tuple[Game, random.Random]:
    """An australian game at its first card, the opener in 7NT, and a random source."""
    g = new_game(Rules.preset("australian"), seed=seed)
    while g.phase != "play":
        legal = g.legal_actions()
        g.act("7NT" if "7NT" in legal and not g.auction else "PASS" if "PASS" in legal
              else legal[0])  # fmt: skip
    return g, random.Random(seed)


def test_can_claim_reads_the_view_and_is_certain_on_a_real_game() -> None:
    """Whenever the view allows a claim, the claim line wins every remaining trick."""
    offered = 0
    for seed in range(40):
        g, rng = _seven_nt_hand(seed)
        hand = len(g.hands_played)
        while len(g.hands_played) == hand and g.phase == "play":
            seat = g.to_act
            if can_claim(g.view(seat)):
                offered += 1
                st = g._play.copy()  # the engine's play core: every hand known
                assert _line_wins_all(st, seat)
                break
            g.act(rng.choice(g.legal_actions()))
    assert offered >= 3


def test_claim_lead_plays_a_real_claim_out() -> None:
    """Leading ``claim_lead`` at each of the claimant's turns (the others play at random)
    takes every remaining trick."""
    played_out = 0
    for seed in range(40):
        g, rng = _seven_nt_hand(seed)
        hand = len(g.hands_played)
        claimant = None
        while len(g.hands_played) == hand and g.phase == "play":
            seat = g.to_act
            lead = claim_lead(g.view(seat))
            if claimant is None and lead is not None:
                claimant, left = seat, len(g.hand(seat))
                before = g.tricks_won()
            if seat == claimant:
                assert lead is not None and lead in g.legal_actions()
                g.act(lead)
            else:
                g.act(rng.choice(g.legal_actions()))
        if claimant is not None:
            taken = g.hands_played[hand]["tricks"][g.side_of(claimant)]
            side = g.side_of(claimant)
            earlier = sum(w for s, w in enumerate(before) if g.side_of(s) == side)
            assert taken - earlier == left
            played_out += 1
    assert played_out >= 3
