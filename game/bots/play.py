"""Card play policies on a :class:`~game.bots.state.PlayState`: easy and normal.

Both return ``(card, named_suit, reason_code)``: ``named_suit`` is the suit
named for a led un-nominated joker (else ``None``), ``reason_code`` a key of
:data:`game.bots.reasons.PLAY_REASONS`. The normal policy is also the playout
policy of the hard bot's search, so it is written for speed: bit masks and
the per-contract suit tables, no allocation it can avoid.

A policy reads ``st.hands`` only for the seat it plays and for face-up seats.

>>> from game.cards import card_id as c, card_str, HEARTS
>>> from game.bots.state import PlayState
>>> hands = [[c("JK"), c("JH"), c("4H"), c("AS")], [c("5H"), c("KS"), c("5S"), c("6C")],
...          [c("6H"), c("QS"), c("7C"), c("8C")], [c("7H"), c("JS"), c("9C"), c("10C")]]
>>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 6, 100, HEARTS, hands, tricks_done=6)
>>> card, named, why = normal_play(st, 0)
>>> card_str(card), why
('JK', 'draw_trumps')
"""

from __future__ import annotations

from game.cards import NO_SUIT

from .state import PlayState

Decision = tuple[int, "int | None", str]


# ---------------------------------------------------------------------------- card facts
def higher_out(st: PlayState, card: int, others: int) -> bool:
    """Whether ``others`` holds a card of ``card``'s effective suit that beats it."""
    return others & st.tables.above[card] != 0


def higher_count(st: PlayState, card: int, others: int) -> int:
    """Cards of ``others`` in ``card``'s effective suit that rank above it."""
    return (others & st.tables.above[card]).bit_count()


def lower_count(st: PlayState, card: int, others: int) -> int:
    """Cards of ``others`` in ``card``'s effective suit that rank below it."""
    return (others & st.tables.below[card]).bit_count()


def can_beat(st: PlayState, opp: int, card: int, others: int) -> bool:
    """Whether ``opp``, still to play to this trick, might beat ``card`` (if it won so far)."""
    ctx = st.ctx
    led = st.led
    if st.exposed >> opp & 1:
        return any(st.beats(c, card) for c in st.legal(opp))
    eff = ctx.eff
    ec = eff[card]
    trump = ctx.trump
    voids = st.voids[opp]
    tab = st.tables
    if voids >> led & 1:  # type: ignore[operator]
        maybe_void = True
    else:
        if ec == led and higher_out(st, card, others):
            return True
        maybe_void = (others & tab.mask[led]).bit_count() <= 1  # type: ignore[index]
    if maybe_void:
        if trump is not None:
            if led != trump and not voids >> trump & 1:
                trumps_out = others & tab.mask[trump]
                if trumps_out and (ec != trump or higher_out(st, card, others)):
                    return True
        elif others & tab.mask[NO_SUIT] and ec != NO_SUIT:
            return True
    return False


def sure_against(st: PlayState, card: int, opps: list[int], others: int) -> bool:
    """Whether no opponent in ``opps`` can beat ``card``."""
    for o in opps:
        if can_beat(st, o, card, others):
            return False
    return True


def lowest(st: PlayState, cards: list[int]) -> int:
    """The weakest of ``cards`` in this contract."""
    return min(cards, key=st.ctx.power.__getitem__)


def highest(st: PlayState, cards: list[int]) -> int:
    """The strongest of ``cards`` in this contract."""
    return max(cards, key=st.ctx.power.__getitem__)


# ---------------------------------------------------------------------------- discards
def discard(st: PlayState, seat: int, legal: list[int], others: int) -> int:
    """The card to throw when not following and not trying to win the trick.

    Keeps trumps, jokers and sure winners; throws low cards of short side suits
    (making voids to ruff when holding trumps); keeps a guard under a king or
    queen; in no trumps keeps the length of long suits.
    """
    ctx = st.ctx
    eff, power = ctx.eff, ctx.power
    trump = ctx.trump
    hand = st.hands[seat]
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[eff[c]] += 1
    has_trumps = trump is not None and counts[trump] > 0
    above = st.tables.above
    best, best_cost = legal[0], 1e9
    for c in legal:
        e = eff[c]
        if e == NO_SUIT:
            cost = 400.0
        elif e == trump:
            cost = 200.0 + power[c]
        else:
            rank = power[c]
            cost = float(rank)
            if not others & above[c]:  # higher_out()
                cost += 60
            n = counts[e]
            if has_trumps:
                cost -= 4 * max(0, 3 - n)
            else:
                cost += 2 * n
            if n == 2 and rank < 14 and any(power[x] >= 15 and eff[x] == e for x in hand):
                cost += 10  # the guard of a king or queen
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def low_or_discard(st: PlayState, seat: int, legal: list[int], others: int) -> int:
    """Lowest card when following suit, else a discard (:func:`discard`)."""
    if st.led is not None and st.ctx.eff[legal[0]] == st.led:
        return lowest(st, legal)
    return discard(st, seat, legal, others)


# ---------------------------------------------------------------------------- entry points
def normal_play(st: PlayState, seat: int) -> Decision:
    """The normal bot's card: counts cards, cooperates, draws trumps, attacks misère."""
    legal = st.legal(seat)
    if len(legal) == 1:
        card = legal[0]
        return card, name_joker(st, seat, card), "forced"
    if st.misere:
        if st.side[seat] == st.cside:
            return _misere_declarer(st, seat, legal)
        return _misere_defender(st, seat, legal)
    if st.trick:
        return _follow(st, seat, legal)
    if st.side[seat] == st.cside:
        return _declarer_lead(st, seat, legal)
    return _defender_lead(st, seat, legal)


def easy_play(st: PlayState, seat: int) -> Decision:
    """The easy bot's card: rules of thumb without counting beyond the top cards."""
    legal = st.legal(seat)
    others = st.others(seat)
    if len(legal) == 1:
        return legal[0], name_joker(st, seat, legal[0]), "forced"
    ctx = st.ctx
    if st.misere:
        if st.trick and st.side[seat] == st.cside:
            _, best = st.current_winner()
            under = [c for c in legal if not st.beats(c, best)]
            if under:
                return highest(st, under), None, "misere_duck"
        return lowest(st, legal), None, "misere_low"
    if not st.trick:
        plain = [c for c in legal if ctx.eff[c] != NO_SUIT]
        tops = [c for c in plain if not higher_out(st, c, others)]
        if tops:
            return highest(st, tops), None, "cash_winner"
        side = [c for c in plain if ctx.eff[c] != ctx.trump] or plain or legal
        card = lowest(st, side)
        return card, name_joker(st, seat, card), "lead_low"
    wseat, best = st.current_winner()
    if st.side[wseat] == st.side[seat]:
        return low_or_discard(st, seat, legal, others), None, "partner_winning"
    beaters = [c for c in legal if st.beats(c, best)]
    if beaters:
        return lowest(st, beaters), None, "win_cheaply"
    return low_or_discard(st, seat, legal, others), None, "cannot_win"


# ---------------------------------------------------------------------------- following
def _follow(st: PlayState, seat: int, legal: list[int]) -> Decision:
    ctx = st.ctx
    power = ctx.power
    others = st.others(seat)
    side = st.side
    my_side = side[seat]
    wseat, best = st.current_winner()
    led_power = st.led_power
    best_power = led_power[best]  # a card beats best when its led_power is higher
    opps_after = []
    partner_after = False
    for o in st.still_to_play(seat):
        if side[o] != my_side:
            opps_after.append(o)
        else:
            partner_after = True
    following = ctx.eff[legal[0]] == st.led
    if side[wseat] == my_side:
        if sure_against(st, best, opps_after, others):
            unblock = _unblock(st, seat, legal, wseat, others)
            if unblock is not None:
                return unblock, None, "unblock"
            return low_or_discard(st, seat, legal, others), None, "partner_winning"
        if not following and ctx.trump is not None:
            ruff_threat = any(st.voids[o] >> st.led & 1 for o in opps_after)  # type: ignore[operator]
            if ruff_threat:
                sure = [
                    c
                    for c in legal
                    if led_power[c] > best_power and sure_against(st, c, opps_after, others)
                ]
                if sure:
                    return lowest(st, sure), None, "secure_trick"
        if following and not partner_after:
            sure = [
                c
                for c in legal
                if led_power[c] > best_power and sure_against(st, c, opps_after, others)
            ]
            if sure and power[lowest(st, sure)] - power[best] <= 2:
                return lowest(st, sure), None, "secure_trick"
        return low_or_discard(st, seat, legal, others), None, "partner_winning"
    beaters = [c for c in legal if led_power[c] > best_power]
    if not beaters:
        return low_or_discard(st, seat, legal, others), None, "cannot_win"
    if not opps_after:
        return lowest(st, beaters), None, "win_cheaply"
    sure = [c for c in beaters if sure_against(st, c, opps_after, others)]
    if sure:
        return lowest(st, sure), None, "win_sure"
    if partner_after:
        if not following and not higher_out(st, best, others):
            return lowest(st, beaters), None, "ruff"
        return low_or_discard(st, seat, legal, others), None, "second_hand_low"
    if following:
        return highest(st, beaters), None, "third_hand_high"
    return lowest(st, beaters), None, "ruff"


def _unblock(st: PlayState, seat: int, legal: list[int], wseat: int, others: int) -> int | None:
    """In no trumps, the high card of a short holding in the long suit partner bid and
    leads, once it has become a winner: played under partner's sure trick it frees the
    suit, kept it would win a later round and strand partner's remaining cards."""
    if st.ctx.trump is not None or st.trick[0][0] != wseat or st.led is None:
        return None
    if not st.bid_suits[wseat] >> st.led & 1 or st.ctx.eff[legal[0]] != st.led:
        return None
    if len(legal) > 2:
        return None
    top = highest(st, legal)
    if len(legal) == 1 or higher_out(st, top, others):
        return None
    return top


# ---------------------------------------------------------------------------- leading
def _cashable(st: PlayState, seat: int, legal: list[int], others: int) -> list[int]:
    """Led cards that win the trick for sure: top of their suit and not ruffable."""
    ctx = st.ctx
    eff, trump = ctx.eff, ctx.trump
    side = st.side
    opps = [o for o in st.active if side[o] != side[seat]]
    trumps_out = trump is not None and others & st.tables.mask[trump]
    above = st.tables.above
    out = []
    for c in legal:
        e = eff[c]
        if e == NO_SUIT or others & above[c]:  # higher_out()
            continue
        if e != trump and trumps_out:
            if any(st.voids[o] >> e & 1 and not st.voids[o] >> trump & 1 for o in opps):  # type: ignore[operator]
                continue
            if (others & st.tables.mask[e]).bit_count() < len(opps):
                continue
        out.append(c)
    return out


def _declarer_lead(st: PlayState, seat: int, legal: list[int]) -> Decision:
    ctx = st.ctx
    eff, trump = ctx.eff, ctx.trump
    others = st.others(seat)
    side = st.side
    opps = [o for o in st.active if side[o] != side[seat]]
    if trump is not None:
        mine = [c for c in legal if eff[c] == trump]
        out = others & st.tables.mask[trump]
        opp_trumps = out and not all(st.voids[o] >> trump & 1 for o in opps)
        if opp_trumps and mine:
            top = highest(st, mine)
            if not higher_out(st, top, others):
                return top, None, "draw_trumps"
            allowed = 0 if len(mine) < 4 else 1 if len(mine) < 6 else 2
            if seat == st.contractor and higher_count(st, top, others) <= allowed:
                return top, None, "draw_trumps"
            if seat != st.contractor and not st.voids[st.contractor] >> trump & 1:
                return lowest(st, mine), None, "trump_to_partner"
        cash = [c for c in _cashable(st, seat, legal, others) if eff[c] != trump]
        if cash:
            return highest(st, cash), None, "cash_winner"
        if mine and not opp_trumps and any(eff[c] != trump for c in legal):
            cash = [c for c in mine if not higher_out(st, c, others)]
            if cash and len(mine) > len(cash):
                return highest(st, cash), None, "cash_winner"
        side_cards = [c for c in legal if eff[c] != trump]
        if side_cards:
            card = _develop(st, seat, side_cards, others)
            return card, None, "develop_suit"
        return lowest(st, legal), None, "lead_low"
    cash = _cashable(st, seat, legal, others)
    if cash:
        card = _nt_cash_order(st, seat, cash)
        return card, None, "cash_winner"
    plain = [c for c in legal if eff[c] != NO_SUIT]
    if plain:
        return _develop(st, seat, plain, others), None, "develop_suit"
    card = legal[0]
    return card, name_joker(st, seat, card), "joker_lead"


def _nt_cash_order(st: PlayState, seat: int, cash: list[int]) -> int:
    """Cash from the shortest suit first (unblocking), top card first."""
    eff = st.ctx.eff
    hand = st.hands[seat]
    counts = [0] * 5
    for c in hand:
        counts[eff[c]] += 1
    power = st.ctx.power
    return min(cash, key=lambda c: (counts[eff[c]], -power[c]))


def _develop(st: PlayState, seat: int, cards: list[int], others: int) -> int:
    """Lead in the longest suit: the top of a touching sequence, else the lowest card."""
    ctx = st.ctx
    eff, power = ctx.eff, ctx.power
    hand = st.hands[seat]
    counts = [0] * 5
    for c in hand:
        counts[eff[c]] += 1
    suit = max((eff[c] for c in cards), key=lambda s: (counts[s], -s))
    mine = sorted((c for c in cards if eff[c] == suit), key=lambda c: -power[c])
    if len(mine) >= 2:
        top, second = mine[0], mine[1]
        if not _gap(st, top, second, others) and not higher_out(st, top, others):
            return top
    return mine[-1]


def _gap(st: PlayState, high: int, low: int, others: int) -> bool:
    """Whether a card of ``others`` lies between ``high`` and ``low`` (same suit)."""
    tables = st.tables
    return others & tables.below[high] & tables.above[low] != 0


def _defender_lead(st: PlayState, seat: int, legal: list[int]) -> Decision:
    ctx = st.ctx
    eff, trump = ctx.eff, ctx.trump
    others = st.others(seat)
    cash = [c for c in _cashable(st, seat, legal, others) if eff[c] != trump]
    if cash:
        return highest(st, cash), None, "cash_winner"
    side = st.side
    partners = [p for p in st.active if p != seat and side[p] == side[seat]]
    plain = [c for c in legal if eff[c] != NO_SUIT and eff[c] != trump]
    for p in partners:
        bid = st.bid_suits[p]
        shown = [c for c in plain if bid >> eff[c] & 1]
        if shown:
            return _develop(st, seat, shown, others), None, "partner_suit"
    if trump is not None and plain:
        hand = st.hands[seat]
        has_trump = any(eff[c] == trump for c in hand)
        if has_trump:
            singles = [
                c
                for c in plain
                if sum(1 for x in hand if eff[x] == eff[c]) == 1 and higher_out(st, c, others)
            ]
            if singles:
                return singles[0], None, "lead_singleton"
    if plain:
        opps = [o for o in st.active if side[o] != side[seat]]
        bid_by_opps = 0
        for o in opps:
            bid_by_opps |= st.bid_suits[o]
        safe = [c for c in plain if not bid_by_opps >> eff[c] & 1] or plain
        return _develop(st, seat, safe, others), None, "lead_through"
    card = lowest(st, [c for c in legal if eff[c] != NO_SUIT] or legal)
    return card, name_joker(st, seat, card), "lead_low"


# ---------------------------------------------------------------------------- misère
def _targets(st: PlayState) -> list[int]:
    return [s for s in st.active if st.side[s] == st.cside]


def misere_danger(st: PlayState, mine: int, others: int, opponents: int) -> int:
    """How exposed the cards of ``mine`` are in misère (as :func:`.evaluate.misere_danger`).

    In each suit the k-th lowest card is in danger by the live cards of
    ``others`` below it, less the ``opponents`` cards spent on each earlier round.
    """
    total = 0
    for s in range(4):
        k = lower = 0
        for c in reversed(st.tables.by_suit[s]):
            if mine >> c & 1:
                if lower > opponents * k:
                    total += lower - opponents * k
                k += 1
            elif others >> c & 1:
                lower += 1
    if mine & st.tables.mask[NO_SUIT]:
        total += 5
    return total


def _misere_declarer(st: PlayState, seat: int, legal: list[int]) -> Decision:
    ctx = st.ctx
    power = ctx.power
    others = st.others(seat)
    mine = st.masks[seat]
    defenders = [s for s in st.active if st.side[s] != st.cside]
    opponents = len(defenders)
    if not st.trick:
        best, best_risk = legal[0], 9e9
        for c in legal:
            e = ctx.eff[c]
            if e == NO_SUIT or all(st.voids[d] >> e & 1 for d in defenders):
                risk = 1000.0
            elif not higher_out(st, c, others):
                risk = 500.0
            else:
                lower = lower_count(st, c, others)
                higher = (others & st.tables.mask[e]).bit_count() - lower
                risk = 10.0 * lower / (lower + higher)
            risk += misere_danger(st, mine & ~(1 << c), others, opponents) - power[c] * 0.01
            if risk < best_risk:
                best, best_risk = c, risk
        return best, name_joker(st, seat, best), "misere_lead"
    wseat, best = st.current_winner()
    following = ctx.eff[legal[0]] == st.led
    if st.side[wseat] == st.cside:
        return lowest(st, legal), None, "misere_low"
    under = [c for c in legal if not st.beats(c, best)]
    if under:
        if following:
            return highest(st, under), None, "misere_duck"
        dump = min(
            under,
            key=lambda c: (misere_danger(st, mine & ~(1 << c), others, opponents), -power[c]),
        )
        return dump, None, "misere_dump"
    return lowest(st, legal), None, "misere_low"


def _misere_defender(st: PlayState, seat: int, legal: list[int]) -> Decision:
    ctx = st.ctx
    eff, power = ctx.eff, ctx.power
    others = st.others(seat)
    targets = _targets(st)
    if not st.trick:
        plain = [c for c in legal if eff[c] != NO_SUIT] or legal
        best, best_score = plain[0], -9e9
        for c in plain:
            e = eff[c]
            open_targets = [t for t in targets if not st.voids[t] >> e & 1]
            if not open_targets:
                score = -1000.0 - power[c]
            else:
                score = -power[c] - 3.0 * lower_count(st, c, others)
                for t in open_targets:
                    if st.exposed >> t & 1:
                        theirs = [x for x in st.hands[t] if eff[x] == e]
                        if not theirs:
                            score -= 500
                        elif min(power[x] for x in theirs) > power[c]:
                            score += 100 + 10 * len(theirs)
            if score > best_score:
                best, best_score = c, score
        return best, name_joker(st, seat, best), "attack_misere"
    wseat, best = st.current_winner()
    played = {s for s, _ in st.trick}
    if wseat in targets:
        under = [c for c in legal if not st.beats(c, best)]
        if under:
            return highest(st, under), None, "keep_contractor_winning"
        return highest(st, legal), None, "unload_high"
    if any(t not in played for t in targets):
        plain = [c for c in legal if eff[c] != NO_SUIT] or legal
        if eff[plain[0]] == st.led:
            return lowest(st, plain), None, "play_under_contractor"
        return highest(st, plain), None, "unload_high"
    plain = [c for c in legal if eff[c] != NO_SUIT] or legal
    if not has_killer(st, seat, others):
        # the lead is worth more to the defender who may hold a killing card
        under = [c for c in plain if not st.beats(c, best)]
        if under:
            return highest(st, under), None, "leave_lead"
    return highest(st, plain), None, "unload_high"


def has_killer(st: PlayState, seat: int, others: int) -> bool:
    """Whether ``seat`` (a misère defender) holds a card that, led, forces a contractor to
    win: below the contractor's lowest card of a suit it holds (seen when its hand is face
    up, else the lowest card of the suit still out)."""
    eff, power = st.ctx.eff, st.ctx.power
    mine = [c for c in st.hands[seat] if eff[c] != NO_SUIT]
    for t in _targets(st):
        if st.exposed >> t & 1:
            for c in mine:
                theirs = [x for x in st.hands[t] if eff[x] == eff[c]]
                if theirs and min(power[x] for x in theirs) > power[c]:
                    return True
        else:
            for c in mine:
                if not st.voids[t] >> eff[c] & 1 and lower_count(st, c, others) == 0:
                    if others & st.tables.mask[eff[c]]:
                        return True
    return False


# ---------------------------------------------------------------------------- joker naming
def name_joker(st: PlayState, seat: int, card: int) -> int | None:
    """Suit to name for a led un-nominated joker: the allowed suit we hold most of."""
    if st.trick or st.ctx.eff[card] != NO_SUIT:
        return None
    allowed = st.joker_lead_suits(seat)
    eff = st.ctx.eff
    hand = st.hands[seat]
    if st.misere and st.side[seat] != st.cside:
        targets = _targets(st)
        open_suits = [s for s in allowed if not all(st.voids[t] >> s & 1 for t in targets)]
        allowed = tuple(open_suits) or allowed
    return max(allowed, key=lambda s: (sum(1 for c in hand if eff[c] == s), -s))
