"""After winning the auction: which cards to discard, which suit to nominate for the joker, and
the contract's first trick once the contractor has done both (:func:`contract_state`).

The discard is built from the hand (never by scanning ``legal_actions``, which
lists every combination: 8,008 of them with a 6-card kitty).

>>> from game.cards import card_id as c, card_str
>>> hand = [c(x) for x in "JK JH JD AH KH 9H 8H AS 5C 6C 7D 8D 5S".split()]
>>> sorted(card_str(x) for x in choose_discards(hand, 3, "H", 43, 2))
['5C', '6C', '7D']
>>> choose_nomination([c(x) for x in "JK AS KS QS 5H".split()], "NT")
'S'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from game.cards import ACE, JOKERS, KING, QUEEN, SUITS, rank_of, suit_of
from game.playstate import PlayState
from game.rules import Rules, bid_table
from game.tricks import play_context

from .evaluate import misere_discards


def choose_discards(hand: list[int], k: int, denom: str, deck: int, opponents: int) -> list[int]:
    """The ``k`` cards to discard from ``hand`` (kitty included) for contract ``denom``.

    ``denom`` is a suit letter, ``"NT"`` or ``"MIS"``. Suit contracts keep every
    trump they can and void short side suits without an ace (ruffing); no
    trumps keeps aces, stoppers and length; misère throws the most dangerous
    cards (:func:`~game.bots.evaluate.misere_discards`).
    """
    if denom == "MIS":
        return misere_discards(hand, k, deck, opponents)
    return discard_options(hand, k, denom)[0]


def discard_options(hand: list[int], k: int, denom: str) -> list[list[int]]:
    """Sensible discards for a suit or no-trumps contract, best first by the heuristic.

    One option per set of short side suits (without an ace) thrown away whole,
    the rest filled greedily; with no more side cards than ``k``, the only
    sensible discard: every side card and the lowest trumps.
    """
    trump = SUITS.index(denom) if denom in SUITS else None
    if trump is None:
        eff: tuple[int, ...] = play_context(None).eff

        def score(h: list[int]) -> float:
            return _nt_score(h)
    else:
        ctx = play_context(trump)
        eff = ctx.eff
        side = [c for c in hand if eff[c] != trump]
        if len(side) <= k:
            trumps = sorted((c for c in hand if eff[c] == trump), key=ctx.power.__getitem__)
            return [side + trumps[: k - len(side)]]

        def score(h: list[int]) -> float:
            return _suit_score(h, trump)

    by_suit: dict[int, list[int]] = {}
    for c in hand:
        if eff[c] != trump and c not in JOKERS:
            by_suit.setdefault(eff[c], []).append(c)
    voidable = [s for s, cs in by_suit.items() if not any(rank_of(c) == ACE for c in cs)]
    scored: dict[tuple[int, ...], float] = {}
    for n in range(len(voidable) + 1):
        for suits in itertools.combinations(voidable, n):
            forced = [c for s in suits for c in by_suit[s]]
            if len(forced) > k:
                continue
            rest = [c for c in hand if c not in forced]
            gone = forced + _greedy(rest, k - len(forced), score)
            kept = [c for c in hand if c not in gone]
            scored[tuple(sorted(gone))] = score(kept)
    return [list(g) for g in sorted(scored, key=lambda g: -scored[g])]


def _greedy(hand: list[int], k: int, score: Callable[[list[int]], float]) -> list[int]:
    """Discard one card at a time, each time the one whose loss hurts ``score`` least."""
    left = list(hand)
    out = []
    for _ in range(k):
        c = max(left, key=lambda x: (score([y for y in left if y != x]), -rank_of(x)))
        left.remove(c)
        out.append(c)
    return out


def _suit_score(hand: list[int], trump: int) -> float:
    """How good ``hand`` is to keep with ``trump``: every trump first, then side aces and
    guarded honours, and voids or singletons to ruff with (holding three trumps)."""
    eff = play_context(trump).eff
    by_suit: list[list[int]] = [[], [], [], [], []]
    for c in hand:
        by_suit[eff[c]].append(rank_of(c) if c not in JOKERS else 20)
    trumps = len(by_suit[trump])
    score = 100.0 * trumps
    for s in range(4):
        if s == trump:
            continue
        ranks = by_suit[s]
        n = len(ranks)
        for r in ranks:
            if r == ACE:
                score += 40
            elif r == KING:
                score += 20 if (ACE in ranks or n >= 2) else 6
            elif r == QUEEN:
                score += 8 if n >= 3 else 3
            else:
                score += r * 0.3
        if trumps >= 3:
            score += 25 if n == 0 else 10 if n == 1 and ACE not in ranks else 0
    return score


def _nt_score(hand: list[int]) -> float:
    """How good ``hand`` is to keep in no trumps: jokers, aces, guarded kings and queens,
    length."""
    by_suit: list[list[int]] = [[], [], [], []]
    score = 0.0
    for c in hand:
        if c in JOKERS:
            score += 60
        else:
            by_suit[suit_of(c)].append(rank_of(c))
    for ranks in by_suit:
        n = len(ranks)
        if ACE in ranks:
            score += 40
        if KING in ranks:
            score += 25 if n >= 2 else 8
        if QUEEN in ranks:
            score += 10 if n >= 3 else 3
        score += 3 * n + (4 * (n - 4) if n > 4 else 0) + sum(ranks) * 0.1
    return score


def choose_nomination(hand: list[int], denom: str) -> str:
    """Suit for the contractor's joker: in no trumps the longest suit (the joker tops it);
    in misère the suit where it is least dangerous — the one we hold most cards of."""
    plain = [c for c in hand if c not in JOKERS]
    counts = [sum(1 for c in plain if suit_of(c) == s) for s in range(4)]
    if denom == "MIS":
        return SUITS[max(range(4), key=lambda s: (counts[s], -s))]
    strength = [sum(rank_of(c) for c in plain if suit_of(c) == s) for s in range(4)]
    best = max(range(4), key=lambda s: (counts[s], strength[s]))
    return SUITS[best]


def choose_call(hand: list[int], callable_cards: list[int], denom: str) -> tuple[int, str]:
    """Five-handed: the card to call, whose holder becomes the partner, and why.

    A partner is worth most when they hold a card that wins a trick for sure and
    draws trumps: in a suit contract the highest trump the contractor lacks (joker,
    bowers, ace…); once the contractor holds every top trump, the ace of the side
    suit it holds most of without its ace (the ace stops that suit). In no trumps:
    the joker, then the ace of the longest suit lacking it.
    ``callable_cards`` are the legal calls (cards neither held nor discarded).

    >>> from game.cards import card_id as c, card_str
    >>> hand = [c(x) for x in "JK JH AH KH 9H 8H 5C 6C 7D 8D".split()]
    >>> card, why = choose_call(hand, [c(x) for x in "JD AS AC AD 10H".split()], "H")
    >>> card_str(card), why
    ('JD', 'call_trump')
    >>> hand = [c(x) for x in "JK JH JD AH KH 9H 8H 5C 6C 7C".split()]
    >>> card_str(choose_call(hand, [c(x) for x in "QH AS AC AD".split()], "H")[0])
    'AC'
    """
    allowed = set(callable_cards)
    trump = SUITS.index(denom) if denom in SUITS else None
    ctx = play_context(trump)
    if trump is not None:
        trumps = sorted((x for x in allowed if ctx.eff[x] == trump), key=lambda x: -ctx.power[x])
        ace_power = ctx.power[trump * 18 + ACE]
        if trumps and ctx.power[trumps[0]] >= ace_power:
            return trumps[0], "call_trump"
    else:
        jokers = [x for x in JOKERS if x in allowed]
        if jokers:
            return jokers[-1], "call_joker"
    aces = [x for x in allowed if x < 72 and rank_of(x) == ACE and ctx.eff[x] != trump]
    if aces:
        held = {s: sum(1 for x in hand if ctx.eff[x] == s) for s in range(4)}
        return max(aces, key=lambda x: (held[suit_of(x)], -suit_of(x))), "call_ace"
    return max(allowed, key=lambda x: ctx.power[x]), "call_high"


def contract_state(
    rules: Rules, hands: list[list[int]], kitty: list[int], seat: int, bid: str, denom: str
) -> PlayState:
    """The first trick of ``seat``'s contract ``bid`` played in ``denom`` (a suit letter,
    ``"NT"``, ``"MIS"`` or ``"OMIS"``), every hand known: ``seat`` takes ``kitty`` into its
    hand from ``hands`` and discards as the bots do (:func:`choose_discards`), and
    nominates for its joker in no trumps and misère (:func:`choose_nomination`).

    >>> from game.cards import card_id as c
    >>> rules = Rules.preset("australian")
    >>> deal = [[c(x) for x in h.split()] for h in (
    ...     "JK JH JD AH KH QH 10H 9H AS AC", "4H 5H 6H 7H 8H 5D 5S 6S 7S 8S",
    ...     "9S 10S JS QS KS 5C 6C 7C 8C 9C", "10C JC QC KC 4D 6D 7D 8D 9D 10D")]
    >>> st = contract_state(rules, deal, [c("QD"), c("KD"), c("AD")], 0, "10H", "H")
    >>> len(st.hands[0]), st.need, st.to_act
    (10, 10, 0)
    """
    n = rules.players
    sides = [rules.side_of(s) for s in range(n)]
    misere = denom in ("MIS", "OMIS")
    trump = SUITS.index(denom) if denom in SUITS else None
    opponents = n - n // rules.num_sides
    hand = hands[seat] + kitty
    gone = choose_discards(hand, len(kitty), "MIS" if misere else denom, rules.deck, opponents)
    hand = [c for c in hand if c not in gone]
    active = list(range(n))
    if misere and rules.teams != "individual":
        active = [s for s in range(n) if s == seat or sides[s] != sides[seat]]
    table = bid_table(rules)
    all_hands = [hand if s == seat else list(h) for s, h in enumerate(hands)]
    st = PlayState.for_deal(
        n,
        sides,
        seat,
        table.tricks[bid],
        table.value[bid],
        trump,
        all_hands,
        misere=misere,
        deck=rules.deck,
        active=active,
    )
    st.joker_lead = rules.joker_lead
    st.dead[seat] = sum(1 << c for c in gone)
    if not misere:
        st.bid_suits[seat] = 1 << (trump if trump is not None else 4)
    if trump is None and any(c in JOKERS for c in hand):
        suit = SUITS.index(choose_nomination(hand, "MIS" if misere else "NT"))
        held = tuple(c for c in JOKERS if c in hand)
        st.set_context(play_context(None, suit, held, misere))
    if denom == "OMIS":
        st.reveal = 1 << seat
    return st
