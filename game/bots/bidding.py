"""The auction: easy and normal bidding from the hand, the auction so far and the scores.

Normal bidding prices every legal bid by its expected points: the chance of
making it (from the calibrated trick estimates of :mod:`game.bots.evaluate`,
shifted by what partner's and the opponents' bids show) against its value and
the defenders' trick points, with a bonus or penalty when the hand decides the
game (must bid to win, going out backwards). Passing is priced too: nothing if
nobody has bid, partner's contract, or defending the opponents' contract.

>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> deal = {"dealer": 3, "hands": [
...     "JK JH JD AH KH QH 9H AS AC 5D".split(), "4H 5H 6H 7H 8H 10H 5S 6S 7S 8S".split(),
...     "9S 10S JS QS KS 5C 6C 7C 8C 9C".split(), "10C JC QC KC 4D 6D 7D 8D 9D 10D".split()],
...     "kitty": ["QD", "KD", "AD"]}
>>> g = new_game(Rules.preset("australian"), deal=deal)
>>> bid, why = choose_bid(Knowledge.from_view(g.view(0)), "normal")
>>> bid in ("8H", "9H", "10H"), why.code, str(why).startswith("Bid " + bid)
(True, 'bid_contract', True)
"""

from __future__ import annotations

from game.cards import ACE, JOKERS, SUITS, rank_of, suit_of
from game.rules import DENOMINATIONS

from . import tables
from .evaluate import Estimate, estimate, family, misere_chance, nt_pattern, suit_pattern
from .knowledge import Knowledge
from .reasons import Reason

GAME_SWING = 300
"""Extra utility for a hand that wins the game (and penalty for one that loses it)."""
OPPONENT_MAKES = 0.62
"""Assumed chance that an opponents' suit or no-trumps contract is made."""
MISERE_MAKES = 0.7
"""Assumed chance that a misère contract is made."""
PLAY_BONUS = {"hard": 0.4}
"""Tricks a level's card play adds over the normal policy the tables were measured with."""
CONTRACT_MIN = 0.45
"""Least chance of making a suit or no-trumps contract worth bidding."""
MISERE_MIN = {"MIS": 0.75, "OMIS": 0.85}
"""Least chance of success for a misère bid: only genuinely low hands, the swing is big."""


class Auction:
    """The auction so far, read for one seat: the high bid and what each seat has shown."""

    def __init__(self, k: Knowledge):
        self.k = k
        table = k.table
        self.american = k.rules.bidding == "american"
        self.high: tuple[int, str] | None = None
        self.shown: dict[int, tuple[str, int]] = {}
        """Seat -> (denomination, level) of its last suit or no-trumps call (inkles included)."""
        self.misere_by: set[int] = set()
        for seat, call in k.auction:
            if call == "PASS":
                continue
            denom = table.denomination[call]
            if denom in DENOMINATIONS:
                self.shown[seat] = (denom, table.tricks[call])
                if self.american and table.tricks[call] == 6:
                    continue
            elif denom == "MIS":
                self.misere_by.add(seat)
            self.high = (seat, call)

    def is_inkle(self, bid: str) -> bool:
        t = self.k.table
        return self.american and t.denomination[bid] in DENOMINATIONS and t.tricks[bid] == 6


def adjusted_estimates(k: Knowledge, auction: Auction) -> dict[str, Estimate]:
    """Trick estimates per denomination, shifted by partner's and the opponents' calls.

    Partner's call in a denomination sets our expectation to about partner's
    level plus what our hand adds over an average hand; an opponent's call in a
    denomination lowers it (their length sits over ours).
    """
    fam = family(k.rules)
    base = tables.TABLES[fam]["base"]
    hand = k.hand
    out: dict[str, Estimate] = {}
    partners = set(k.partners())
    for d in DENOMINATIONS:
        est = estimate(fam, d, hand)
        kind = "NT" if d == "NT" else "suit"
        mean = est.mean
        for seat, (denom, level) in auction.shown.items():
            if seat in partners:
                if denom == d:
                    mean = max(mean, level + 0.3 + (est.mean - base[kind]))
                else:
                    mean += 0.2
            elif seat != k.actor:
                mean -= 0.6 if denom == d else 0.2
        out[d] = est.shifted(mean - est.mean)
    return out


def choose_bid(k: Knowledge, level: str) -> tuple[str, Reason]:
    """The call for the actor and the reason for it."""
    if level == "easy":
        return _easy_bid(k)
    return _normal_bid(k, PLAY_BONUS.get(level, 0.0))


# ---------------------------------------------------------------------------- normal
def _normal_bid(k: Knowledge, bonus: float = 0.0) -> tuple[str, Reason]:
    auction = Auction(k)
    table, rules = k.table, k.rules
    ests = {d: e.shifted(bonus) for d, e in adjusted_estimates(k, auction).items()}
    f = 1.0 / (max(k.sides) if max(k.sides) > 0 else 1)
    scores = k.view["scores"]
    mine = scores[k.side]

    def game_terms(p: float, value: int) -> float:
        extra = 0.0
        if mine + value >= rules.target:
            extra += p * GAME_SWING
        if mine - value <= -rules.target:
            extra -= (1 - p) * GAME_SWING
        return extra

    def ev(p: float, value: int, mean: float) -> float:
        return (2 * p - 1) * value - 10 * (10 - mean) * f + game_terms(p, value)

    ev_pass = _pass_value(k, auction, ests, f)
    best, best_ev, best_p, best_mean = "PASS", ev_pass, 0.0, 0.0
    fam = family(rules)
    for bid in k.legal:
        if bid in ("PASS", "BMIS") or auction.is_inkle(bid):
            continue
        denom = table.denomination[bid]
        value = table.value[bid]
        if denom == "MIS":
            p = misere_chance(fam, bid == "OMIS", k.hand, rules)
            if p < MISERE_MIN[bid]:
                continue
            e = (2 * p - 1) * value + game_terms(p, value)
            mean = 0.0
        else:
            if denom == "GAME":
                denom = _game_denomination(k)
            if denom == "NT" and not nt_allowed(k.hand):
                continue
            level_ = table.tricks[bid]
            if level_ < rules.minimum_contract:
                continue
            est = ests[denom]
            p = est.p_make(level_)
            if p < CONTRACT_MIN:
                continue
            mean = est.mean
            e = ev(p, value, mean)
        if e > best_ev + 5:
            best, best_ev, best_p, best_mean = bid, e, p, mean
    if best == "PASS" and auction.american and len(k.auction) < 2:
        inkle = _inkle(k, ests)
        if inkle:
            return inkle
    if best == "PASS":
        return "PASS", _pass_reason(k, auction, ests)
    return best, _bid_reason(k, best, best_p, best_mean)


def nt_allowed(hand: list[int]) -> bool:
    """No trumps only with a joker or a stopper in every suit."""
    jokers, _, stopped, _ = nt_pattern(hand)
    return jokers > 0 or stopped == 4


def _pass_value(k: Knowledge, auction: Auction, ests: dict[str, Estimate], f: float) -> float:
    if auction.high is None:
        return 0.0
    seat, bid = auction.high
    table = k.table
    value = table.value[bid]
    denom = table.denomination[bid]
    ours = k.sides[seat] == k.side
    if denom == "MIS":
        q = MISERE_MAKES
        return (2 * q - 1) * value * (1 if ours else -f)
    if denom == "GAME":
        denom = "NT"
    level = table.tricks[bid]
    if ours:
        est = ests[denom]
        return (2 * est.p_make(level) - 1) * value - 10 * (10 - est.mean) * f
    q = OPPONENT_MAKES
    swing = 0.0
    if k.view["scores"][k.sides[seat]] + value >= k.rules.target:
        swing = q * GAME_SWING
    return -(2 * q - 1) * value * f + 10 * (10 - level - 0.5) * f - swing


def _game_denomination(k: Knowledge) -> str:
    """A Game bid is played in the bidder's last suit or no-trumps bid (else no trumps)."""
    for seat, call in reversed(k.auction):
        if seat == k.actor and k.table.denomination.get(call) in DENOMINATIONS:
            return k.table.denomination[call]
    return "NT"


def _inkle(k: Knowledge, ests: dict[str, Estimate]) -> tuple[str, Reason] | None:
    """American bidding: show partner a good suit with a 6-level bid that cannot win."""
    suit = max("SCDH", key=lambda d: ests[d].mean)
    if ests[suit].mean < 5.6:
        return None
    bid = f"6{suit}"
    if bid not in k.legal:
        return None
    return bid, Reason("inkle", {"bid": bid, "suit": suit})


def _percent(p: float) -> int:
    return int(round(p * 100))


def _bid_reason(k: Knowledge, bid: str, p: float, mean: float) -> Reason:
    denom = k.table.denomination[bid]
    if denom == "MIS":
        return Reason("bid_misere", {"bid": bid, "p": _percent(p)})
    params = {"bid": bid, "mean": round(mean, 1), "p": _percent(p)}
    if denom == "GAME":
        return Reason("bid_game", params)
    return Reason("bid_contract", params | {"n": k.table.tricks[bid]})


def _pass_reason(k: Knowledge, auction: Auction, ests: dict[str, Estimate]) -> Reason:
    best = max(DENOMINATIONS, key=lambda d: ests[d].mean)
    if auction.high is not None and k.sides[auction.high[0]] == k.side:
        return Reason("pass_partner", {"bid": auction.high[1]})
    return Reason("pass_weak", {"denomination": best, "mean": round(ests[best].mean, 1)})


# ---------------------------------------------------------------------------- easy
def _easy_bid(k: Knowledge) -> tuple[str, Reason]:
    """Count sure tricks (top trumps, side aces, trumps beyond four), add two for partner
    and the kitty (one without a partner), and bid that many tricks in the best suit — or
    in no trumps with the joker and three aces. Never overcall partner."""
    auction = Auction(k)
    if auction.high is not None and k.sides[auction.high[0]] == k.side:
        return "PASS", Reason("easy_pass_partner", {"bid": auction.high[1]})
    hand = k.hand
    help_ = 2 if k.partners() else 1
    options = []
    for s in range(4):
        length, top, _ = suit_pattern(hand, s)
        side_aces = sum(
            1 for c in hand if c not in JOKERS and rank_of(c) == ACE and suit_of(c) != s
        )
        if length >= 4:
            options.append((top + side_aces + max(0, length - 4) + help_, SUITS[s]))
    jokers = sum(1 for c in hand if c in JOKERS)
    aces = sum(1 for c in hand if c not in JOKERS and rank_of(c) == ACE)
    if jokers and aces >= 3:
        options.append((jokers + aces + help_, "NT"))
    t = k.table
    for level, denom in sorted(options, reverse=True):
        fitting = [
            bid
            for bid in k.legal
            if bid != "PASS"
            and t.denomination[bid] == denom
            and k.rules.minimum_contract <= t.tricks[bid] <= level
            and not auction.is_inkle(bid)
        ]
        if fitting:
            bid = fitting[-1]
            return bid, Reason("easy_bid", {"bid": bid, "n": min(level, 10)})
    return "PASS", Reason("easy_pass")
