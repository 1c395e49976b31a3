"""The auction: easy and normal bidding from the hand, the auction so far and the scores.

Normal bidding prices every legal bid by its expected score change
(:class:`Outlook`): the chance of making it (from the calibrated trick
estimates of :mod:`game.bots.evaluate`, shifted by what partner's and the
opponents' bids show) against its value and the defenders' trick points, with
the game's worth added or taken away when the hand decides the game. Passing
is priced too: nothing if nobody has bid, partner's contract, or defending the
opponents' contract. A ten-level bid (every trick) is also checked on sampled deals
solved double dummy (:mod:`game.bots.ten_tricks`). The chance a reason shows is corrected
by :mod:`game.bots.reliability` to what the bots' own play makes of such bids.

>>> from game import Rules, new_game
>>> from game.bots.knowledge import Knowledge
>>> deal = {"dealer": 3, "hands": [
...     "JK JH JD AH KH QH 9H AS AC 5D".split(), "4H 5H 6H 7H 8H 10H 5S 6S 7S 8S".split(),
...     "9S 10S JS QS KS 5C 6C 7C 8C 9C".split(), "10C JC QC KC 4D 6D 7D 8D 9D 10D".split()],
...     "kitty": ["QD", "KD", "AD"]}
>>> g = new_game(Rules.preset("australian"), deal=deal)
>>> bid, why = choose_bid(Knowledge.from_view(g.view(0)), "normal")
>>> bid in ("8H", "9H", "10H"), why.code, str(why).startswith("Bid " + bid)
(True, 'bid_gain', True)
"""

from __future__ import annotations

from game.cards import ACE, JOKERS, SUITS, rank_of, suit_of
from game.rules import DENOMINATIONS
from game.scoring import defender_gain

from . import tables
from .evaluate import Estimate, estimate, family, misere_chance, nt_pattern, suit_pattern
from .knowledge import Knowledge
from .reasons import Reason
from .reliability import bid_kind, corrected, shift_chance

GAME_SWING = 1.0
"""Extra utility, in targets (500 points in a 500 game), for a hand that wins the game
(and penalty for one that loses it)."""
PLAY_BONUS = {"normal": 0.3, "hard": 0.5}
"""Tricks a level's card play adds over the normal policy the tables were measured with
(normal's light search included: +0.3 gained +5 points per deal over no bonus, 500 duplicate
deals against the bots of issue 17's start; +0.5 overbid at the 9 level). Hard's search at
12 samples per card, 0.5 over 0.4 against the same bots: +4.8 [-1.1, +10.8] points per deal
on 400 duplicate deals (screen: 0.2 -3.6, 0.6 +3.1, 0.8 -1.0), +0.4 [-2.4, +3.2] on 2,000
others: a small gain at best."""
PARTNER_FREE = 0.3
"""Tricks over its level that partner's call shows when nobody on the other side had bid."""
PARTNER_FORCED = -0.4
"""The same after an opponent's call: the level was pushed up by the competition."""
PARTNER_HOLDS = {"hard": (0.35, 0.8)}
"""Per level: tricks partner's standing contract takes over what our side's estimate reads of
it (our hand plus what partner's call shows), when nobody on the other side had bid before
partner's call, and when someone had: used for passing partner's suit contract only. Measured on
hard's passes over partner's suit contracts (2,500 duplicate deals against the bots of issue
17's start, seeds 5 and 6): made 78% where 72% was read without competition (+0.36 tricks,
n=2,258), 66% where 49% was read after an opponent's call (+0.79, n=1,061), +0.8 tricks where
our hand is short in partner's suit. Reading partner's contract that low took partner out into
8-level contracts of our own suit that were made 62% of the time where 73% was claimed.
Screened against hard without it: +1.4 [-0.3, +3.0] points per deal over 3,000 duplicate
deals (seeds 5-7); hard with it against the bots of issue 17's start: +4.7 [+0.4, +9.0] over
2,000 fresh deals (seed 8)."""
OPPONENT_MAKES = {"9": 0.55, "10": 0.35, "MIS": 0.7, "OMIS": 0.7, "BMIS": 0.7}
"""Assumed chance that the other side's contract is made, by bid type (see
:func:`~game.bots.reliability.bid_kind`); any other type: ``OPPONENT_MAKES_DEFAULT``.
Higher figures (the make rates of final contracts in self-play) made the bots
overcall far too often: a bid is not yet the final contract."""
OPPONENT_MAKES_DEFAULT = 0.62
BID_MARGIN = 5.0
"""Points a bid must be worth over the best option so far to be preferred (over passing
first, then over lower bids)."""
OPPONENT_STRENGTH = 0.4
"""Log-odds lower the opponents' contract makes per trick our hand holds in their
denomination over an average hand."""
CONTRACT_MIN = 0.45
"""Least chance of making a suit or no-trumps contract worth bidding."""
GAME_CONTRACT_MIN = 0.3
"""The same for a contract that wins the game when made."""
TEN_LEVEL_MAX = 0.45
"""Most chance a ten-level contract (every trick) is read with. The trick estimates rise
linearly with a hand's pattern and stop only at the cap of 10.0, which partner's call and the
play bonus reach: the normal approximation then reads 63-68% for every trick. Readings that
high overshoot (normal self-play, seed 301, contracts read at 9.3 tricks or more: 8-level
contracts read 9.52 took 9.03, 9-level read 9.87 took 9.23), and ten-level contracts bid
with 50% or more were made 45% of the time (21 of 47; benchmarks/ten_level.py, normal seeds
101-105 and hard seeds 101-103, 40,000 deals each), where passing instead gained about 115
points more per contract over partner's or the opponents' 7-9 level contracts (31 of them);
over open misère the 10 stays (made 42%, defending it lost 150 points more). Checked on
fresh seeds 201-205 (normal) and 201-203 (hard): the 10s it removes (11 of 88 normal, 23 of
101 hard; jumps over partner's 7 and 9-to-10 wars) gave their side -302 and +147 points per
deal, the same deals played now +396 and +202 (mostly 9-level contracts): normal's were
made 2 times in 11, hard's 14 in 23 (hard's jumps to 10H 6 of 6, -100 points each now).
Now nearly every ten-level contract is bid over open misère (hard 342 of 342, normal 192 of
199; one in 1,600 and 2,800 deals): made 33% (hard 113, normal 65; seeds 401-414, 40,000
deals each, ``benchmarks/ten_level.py --alternative``), and worth more than passing (hard
+28 +- 68 points per contract, normal +115 +- 85): a sacrifice, not a war. So a ten-level bid
that this reading chooses is checked on sampled deals before it is made
(:data:`TEN_LEVEL_MIN`)."""
TEN_LEVEL_MIN = 0.65
"""Least share of sampled deals in which our side takes every trick double dummy
(:mod:`game.bots.ten_tricks`) for a ten-level bid that the expected score change chose;
below it the bid is not made, and above it that share is the bid's chance (which hints
correct: double dummy reads ten-level contracts high). On the 541 ten-level contracts of
seeds 401-414 above (hard's and normal's, all but 7 over open misère) the share picks out
the ones made: 33% of them were made, 63% of those it read at 0.55 or more. From 0.55 (chosen
on seeds 401-407), fresh seeds 415-454 (1.6 million deals per level) made 51.2% of hard's
162 and 50.9% of normal's 108: contracts it read 0.55-0.65 were made 35-48% of the time,
0.7 or more 63-71%; passing instead of the ones read under 0.65 gained hard nothing (-8 +-
163 points per contract). From 0.65, on seeds 455-474 (800,000 deals per level, not used
before): hard's 53 made 64.2% (95% interval 51-76%), normal's 41 made 61.0% (46-74%), and
bidding them gained +298 +- 196 (hard) and +438 +- 205 (normal) points per contract over
passing (``benchmarks/ten_level.py --alternative``)."""
MISERE_MIN = {"MIS": 0.6, "OMIS": 0.85}
"""Least chance of success for a misère bid; above it the expected score change decides, as
for any bid. The chances are the misère table's rates per danger bucket (``MIS`` 0.98 down
to 0.66): misère is bid from the 0.66 bucket on. The table's rates are read high in the
bots' self-play (the 0.66 and 0.74 buckets made 55.5% and 56.6% with hard's play, 794 and
369 contracts; 57% and 59% with normal's), which hints correct
(:data:`~game.bots.reliability.SHIFTS`); misère still gains there. Misère needed 0.75
before, which kept out hands whose misère gained over what the bots did instead: on the
same deals bid both ways (one side with 0.65, changed auctions played out by hard bots at
64 deals per card), +4.5 +- 4.4 points per deal over 1,000 deals (seed 511); with normal's
play, +5.9 +- 2.3 over 4,000 (``benchmarks/bidding_screen.py MISERE_MIN='{"MIS": 0.65,
"OMIS": 0.85}' --play normal --deals 4000 --seed 510`` on the code before). In the arena
against the bots of issue 17's start (2,000 duplicate deals): hard +15.4 [+10.7, +20.2]
(seed 61, 64 deals per card; +6.2 before, seed 31), normal +17.2 [+12.4, +21.9] (seed 62;
+12.8 before). Open misère keeps 0.85: against hard's defence it is made well below the
table's rate (0.60 where the table says 0.85), so a lower threshold would bid it at under
even chances."""


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

    Our side's tricks are our hand's (with an average partner) plus what partner's
    hand adds over an average one, read from partner's last call in the
    denomination: a call made without ours says partner expects about its level
    (less in a contested auction, where the level is forced up); a call that
    raised ours already counted our hand as our call showed it, so only the
    raise itself is partner's extra — never count our own strength twice. A
    call in another denomination adds a little; an opponent's call in a
    denomination lowers it (their length sits over ours).
    """
    fam = family(k.rules)
    base = tables.TABLES[fam]["base"]
    table = k.table
    out: dict[str, Estimate] = {}
    partners = set(k.partners())
    # per partner seat and denomination: (level, our level shown before it, contested)
    partner_calls: dict[tuple[int, str], tuple[int, int | None, bool]] = {}
    mine: dict[str, int] = {}
    contested = False
    for seat, call in k.auction:
        if call == "PASS":
            continue
        denom = table.denomination[call]
        if denom not in DENOMINATIONS or auction.is_inkle(call):
            if seat not in partners and seat != k.actor:
                contested = True
            continue
        level = table.tricks[call]
        if seat == k.actor:
            mine[denom] = level
        elif seat in partners:
            partner_calls[(seat, denom)] = (level, mine.get(denom), contested)
        else:
            contested = True
    for d in DENOMINATIONS:
        est = estimate(fam, d, k.hand)
        kind = "NT" if d == "NT" else "suit"
        mean = est.mean
        extra = 0.0
        for seat in partners:
            raised = partner_calls.get((seat, d))
            if raised is not None:
                level, ours, forced = raised
                if ours is None:
                    shown = level + (PARTNER_FORCED if forced else PARTNER_FREE) - base[kind]
                else:
                    shown = level - ours + (PARTNER_FORCED if forced else 0.0)
                extra = max(extra, shown)
            elif seat in auction.shown:
                extra = max(extra, 0.2)
        mean += extra
        for seat, (denom, _) in auction.shown.items():
            if seat not in partners and seat != k.actor:
                mean -= 0.6 if denom == d else 0.2
        out[d] = est.shifted(mean - est.mean)
    return out


def choose_bid(k: Knowledge, level: str) -> tuple[str, Reason]:
    """The call for the actor and the reason for it."""
    if level == "easy":
        return _easy_bid(k)
    return _normal_bid(k, level)


# ---------------------------------------------------------------------------- normal
class Outlook:
    """Expected score change of a hand for the actor's side, with the game score.

    Points are our side's gain less the mean gain of the other sides (what the
    arena measures). A hand that ends the game adds or removes ``GAME_SWING``
    times the target: winning the game when a contract is made, losing it
    when a failed contract sends us out backwards, or when the other side's
    made contract (or, without must-bid-to-win, their defending tricks) takes
    them over the target. So near the end of a game a risky bid that loses the
    game when it fails needs a higher chance, and one that wins it a lower one.
    """

    def __init__(self, k: Knowledge):
        rules = k.rules
        self.rules = rules
        self.f = 1.0 / (max(k.sides) if max(k.sides) > 0 else 1)
        self.scores = list(k.view["scores"])
        self.mine = self.scores[k.side]
        self.side = k.side
        self.game = GAME_SWING * rules.target

    def _defenders(self, score: int, points: float) -> float:
        """Trick points a defending side on ``score`` keeps (must-bid-to-win caps them)."""
        return float(defender_gain(self.rules, score, int(points)))

    def wins_game(self, value: int) -> bool:
        """Whether making a contract worth ``value`` takes us to the target."""
        return self.mine + value >= self.rules.target

    def ours(self, p: float, value: int, mean: float) -> float:
        """Our contract worth ``value``, made with chance ``p``, ``mean`` tricks expected."""
        target = self.rules.target
        others = [s for i, s in enumerate(self.scores) if i != self.side]
        tricks_them = 10 * max(0.0, 10 - mean)
        ev = (2 * p - 1) * value - self.f * sum(self._defenders(s, tricks_them) for s in others)
        if self.mine + value >= target:
            ev += p * self.game
        if self.mine - value <= -target:
            ev -= (1 - p) * self.game
        elif not self.rules.must_bid_to_win and any(s + tricks_them >= target for s in others):
            ev -= (1 - p) * self.game
        return ev

    def theirs(self, seat_side: int, q: float, value: int, level: int) -> float:
        """Defending the other side's contract worth ``value``, made with chance ``q``."""
        target = self.rules.target
        theirs = self.scores[seat_side]
        tricks_us = 10 * max(0.0, 10 - level - 0.5) if level else 0.0
        ev = -(2 * q - 1) * value * self.f + self.f * self._defenders(self.mine, tricks_us)
        if theirs + value >= target:
            ev -= q * self.game
        if theirs - value <= -target:
            ev += (1 - q) * self.game * self.f
        if not self.rules.must_bid_to_win and self.mine + tricks_us >= target:
            ev += self.game * 0.5
        return ev


def _normal_bid(k: Knowledge, level: str) -> tuple[str, Reason]:
    auction = Auction(k)
    table, rules = k.table, k.rules
    bonus = PLAY_BONUS.get(level, 0.0)
    ests = {d: e.shifted(bonus) for d, e in adjusted_estimates(k, auction).items()}
    outlook = Outlook(k)
    fam = family(rules)
    ev_pass = _pass_value(k, auction, ests, outlook, level)
    best, best_ev, best_p, best_mean = "PASS", ev_pass, 0.0, 0.0
    rival: tuple[float, str, float] | None = None
    """The best bid not chosen: (its expected score change, the bid, its chance)."""
    short_ten: tuple[float, str, float] | None = None
    """The best ten-level bid the every-trick check turned down: (its expected score change
    read from the trick estimate, the bid, the share of deals in which it takes every trick)."""
    for bid in k.legal:
        if bid in ("PASS", "BMIS") or auction.is_inkle(bid):
            continue
        denom = table.denomination[bid]
        value = table.value[bid]
        kind = bid_kind(table, bid)
        if denom == "MIS":
            p = misere_chance(fam, bid == "OMIS", k.hand, rules)
            if p < MISERE_MIN[bid]:
                continue
            mean = 0.0
            e = outlook.ours(p, value, 10.0)
        else:
            if denom == "GAME":
                denom = _game_denomination(k)
            if denom == "NT" and not nt_allowed(k.hand):
                continue
            tricks = table.tricks[bid]
            if tricks < rules.minimum_contract:
                continue
            est = ests[denom]
            p = _chance(est, tricks)
            if p < (GAME_CONTRACT_MIN if outlook.wins_game(value) else CONTRACT_MIN):
                continue
            mean = est.mean
            e = outlook.ours(p, value, mean)
            if tricks == 10 and e > best_ev + BID_MARGIN:
                every = _every_trick_chance(k, bid, denom)
                if every is not None:
                    if every < TEN_LEVEL_MIN:
                        if short_ten is None or e > short_ten[0]:
                            short_ten = (e, bid, every)
                        continue
                    p = every
        claim = corrected(p, fam, level, kind)  # shown: what such bids make in play
        if e > best_ev + BID_MARGIN:
            best, best_ev, best_p, best_mean = bid, e, claim, mean
        elif rival is None or e > rival[0]:
            rival = (e, bid, claim)
    if best == "PASS" and auction.american and len(k.auction) < 2:
        inkle = _inkle(k, ests)
        if inkle:
            return inkle
    if best == "PASS":
        if short_ten is not None:  # passing only because the ten-level check said no
            return "PASS", Reason(
                "pass_ten_short", {"bid": short_ten[1], "p": _percent(short_ten[2])}
            )
        if rival is not None and ev_pass - rival[0] >= 1:
            points = int(round(ev_pass - rival[0]))
            return "PASS", Reason(
                "pass_gain", {"bid": rival[1], "p": _percent(rival[2]), "points": points}
            )
        return "PASS", _pass_reason(k, auction, ests)
    return best, _bid_reason(k, best, best_p, best_mean, int(round(best_ev - ev_pass)))


def nt_allowed(hand: list[int]) -> bool:
    """No trumps only with a joker or a stopper in every suit."""
    jokers, _, stopped, _ = nt_pattern(hand)
    return jokers > 0 or stopped == 4


def _pass_value(
    k: Knowledge, auction: Auction, ests: dict[str, Estimate], outlook: Outlook, level: str
) -> float:
    """What passing is worth: nothing if nobody has bid, else the high contract's outlook."""
    if auction.high is None:
        return 0.0
    seat, bid = auction.high
    table = k.table
    value = table.value[bid]
    denom = table.denomination[bid]
    kind = bid_kind(table, bid)
    fam = family(k.rules)
    ours = k.sides[seat] == k.side
    if denom == "GAME":
        denom = "NT"
    tricks = table.tricks[bid] if denom in DENOMINATIONS else 0
    if ours:
        if denom == "MIS":
            return outlook.ours(OPPONENT_MAKES[kind], value, 10.0)
        est = ests[denom]
        if seat != k.actor and denom != "NT" and level in PARTNER_HOLDS:
            est = est.shifted(PARTNER_HOLDS[level][_contested_before(k, seat)])
        return outlook.ours(_chance(est, tricks), value, est.mean)
    q = OPPONENT_MAKES.get(kind, OPPONENT_MAKES_DEFAULT)
    if denom in DENOMINATIONS:
        # our own strength in their denomination sits over or under their length
        base = tables.TABLES[fam]["base"]["NT" if denom == "NT" else "suit"]
        q = shift_chance(q, -OPPONENT_STRENGTH * max(0.0, ests[denom].mean - base))
    return outlook.theirs(k.sides[seat], q, value, tricks)


def _chance(est: Estimate, tricks: int) -> float:
    """The chance our side takes ``tricks`` with ``est`` (ten tricks: at most ``TEN_LEVEL_MAX``)."""
    p = est.p_make(tricks)
    return min(p, TEN_LEVEL_MAX) if tricks == 10 else p


def _every_trick_chance(k: Knowledge, bid: str, denom: str) -> float | None:
    """:func:`game.bots.ten_tricks.every_trick_chance` (imported here: it samples deals with
    :mod:`game.bots.sampling`, which reads this module's :class:`Auction`)."""
    from .ten_tricks import every_trick_chance

    return every_trick_chance(k, bid, denom)


def _contested_before(k: Knowledge, seat: int) -> bool:
    """Whether the other side had called before ``seat``'s last call."""
    last = max(i for i, (s, call) in enumerate(k.auction) if s == seat and call != "PASS")
    return any(k.sides[s] != k.side and call != "PASS" for s, call in k.auction[:last])


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


def _bid_reason(k: Knowledge, bid: str, p: float, mean: float, gain: int) -> Reason:
    """Why ``bid``: its chance, and the points it gains on average over passing."""
    denom = k.table.denomination[bid]
    if denom == "MIS":
        return Reason("bid_misere", {"bid": bid, "p": _percent(p)})
    params = {"bid": bid, "mean": round(mean, 1), "p": _percent(p)}
    if denom == "GAME":
        return Reason("bid_game", params)
    return Reason("bid_gain", params | {"n": k.table.tricks[bid], "points": gain})


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
