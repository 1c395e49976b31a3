"""Exact double-dummy search on the play core: how many tricks each card is worth.

:class:`Solver` answers, for a :class:`~game.playstate.PlayState` whose hands
are all known, "how many more tricks does the contractor's side take if every
seat plays perfectly from here?" The contractor's side maximises (minimises
in misère, where the hand stops at its first trick), every other seat
defends with it against the contractor (three-handed, 2v2v2).

The search is the double-dummy solvers' recipe, on the engine's own moves
(:meth:`PlayState.play` / :meth:`PlayState.undo`, never a copy of the rules):

- null-window searches: ``at_least(k)`` asks only "does the contractor's side
  take at least ``k`` more tricks?", answered with alpha-beta cut-offs; they fail
  soft (a search returns the bound it proved, not just yes or no), and the exact
  value is found by a few of them, stepping from the previous card's value
  (:meth:`Solver.value`);
- a transposition table at trick boundaries, keyed on *relative* ranks (who
  holds the 1st, 2nd, ... strongest remaining card of each effective suit, and
  who leads), so positions that differ only in cards already played share an
  entry, which stores lower and upper bounds on the tricks still to come; and
  partition search (Ginsberg; the "winning ranks" of bridge solvers): each
  entry pins only the top cards of each suit that decided its bounds, with
  every seat's number of cards per suit, so it also answers positions that
  differ in lower cards (many seats' discards, six-handed);
- equal cards merged: cards of one effective suit that touch in power among
  the cards still in play (in hands or on the table) are one move (an entry
  pins such a run whole or not at all);
- winning ranks at the move: once a card's search pinned no card of its suit at
  or below it, every other unpinned card of that suit in the hand is worth the same
  and is not searched;
- a trick whose winner is already sure (nobody still to play on the other side can
  beat the winning card) answers a search that needs every trick or only one;
- quick tricks: the side on lead cashes the leader's top cards (its lower trumps
  and long cards too once the top ones have drawn everyone else's, and one more
  card of a suit only partners can still follow), or a
  partner's after crossing to it, plus its top jokers in no trumps: a lower bound
  for it (an upper bound for the contractor when the defence leads); the top
  trumps of the side not on lead bound it the other way, and so does a top card
  of a plain suit it keeps when the leaders cannot ruff it nor lead the other
  suits long enough to squeeze it out; in misère, a contractor
  whose cards all rank below the defenders' is safe, above them is lost. Each
  bound pins only the cards its own proof relies on (the cards it cashes or keeps),
  so its table entry answers every position alike in those;
- move ordering: every seat wants its side to win tricks (in misère nobody
  does): win for sure (cheaply) if it can, else win cheaply, or play low under a
  winning partner; cash top cards first, then lead towards a partner's top card;
  the table's best move first.

It is anytime: with ``node_budget`` the search stops with :class:`OutOfBudget`
after that many nodes, and :func:`analyse` then returns bounds instead of
exact values.

>>> from game.cards import card_id as c, HEARTS
>>> from game.playstate import PlayState
>>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 7, 200, HEARTS,
...     [[c("JH"), c("AS")], [c("4H"), c("KS")], [c("5H"), c("QS")], [c("6H"), c("JS")]],
...     tricks_done=8)
>>> Solver(st).value()
2
>>> sorted(analyse(st).items()) == [((c("AS"), None), (2, 2)), ((c("JH"), None), (2, 2))]
True
"""

from __future__ import annotations

from game.cards import NO_SUIT
from game.playstate import PlayState

Move = tuple[int, "int | None"]
Bounds = tuple[int, int]
Pattern = tuple[bytes, ...]
"""Per effective suit: the holders (seat + 1) of its top cards in play, strongest first."""
Bucket = dict[tuple[int, ...], dict[Pattern, list[int]]]
"""Pattern lengths -> pattern -> ``[low, high, hint]``."""


class _Known:
    """What the search knows of one exact position at a trick's start: bounds (the quick
    tricks', then the searches') with the cards each relies on, and its table bucket and
    holders per suit (computed once)."""

    __slots__ = ("low", "high", "low_rel", "high_rel", "bucket", "seqs")

    def __init__(
        self, low: int, high: int, low_rel: int, high_rel: int, bucket: Bucket, seqs: list[bytes]
    ) -> None:
        self.low, self.high, self.low_rel, self.high_rel = low, high, low_rel, high_rel
        self.bucket, self.seqs = bucket, seqs


class OutOfBudget(Exception):
    """The node budget ran out; values known so far are bounds, not exact."""


class Solver:
    """Double-dummy search on one :class:`PlayState` (played on and restored in place).

    ``node_budget``: nodes searched at most over this solver's life (``None``:
    no limit). The transposition table is kept between calls, so asking for
    several moves' values of one position is cheaper than solving each alone.
    """

    def __init__(self, st: PlayState, node_budget: int | None = None) -> None:
        self.st = st
        self.nodes = 0
        self.budget = node_budget if node_budget is not None else -1
        self.table: dict[tuple[object, ...], Bucket] = {}
        """Transposition table: positions alike in who leads and how many cards of each
        effective suit each seat holds -> entries, each valid for every such position
        whose top cards of each suit are held as in its pattern."""
        n = st.players
        self.team = [st.side[s] == st.cside for s in range(n)]
        """Per seat: on the contractor's side."""
        self.misere = st.misere
        ctx = st.ctx
        self.eff, self.power, self.trump = ctx.eff, ctx.power, ctx.trump
        self.by_suit = st.tables.by_suit
        self.suit_mask = st.tables.mask
        self.owner = [-1] * len(ctx.eff)
        for seat in st.active:
            for card in st.hands[seat]:
                self.owner[card] = seat
        sep = len(ctx.eff)
        self.held = bytearray()
        """Every card, strongest first within each effective suit, 255 after each suit: its
        holder's seat + 1 while in an active hand, else 0 (a card's place: :attr:`place`)."""
        self.place = [0] * sep
        """Per card: its index in :attr:`held`."""
        for suit in self.by_suit:
            for card in suit:
                self.place[card] = len(self.held)
                self.held.append(0)
            self.held.append(255)
        self.above = [0] * sep
        """Per card: the cards of its effective suit as strong or stronger (itself included)."""
        for suit in self.by_suit:
            stronger = 0
            for card in suit:
                stronger |= 1 << card
                self.above[card] = stronger
        self.rel = 0
        """Set by every search: the cards whose holders its answer depended on (see
        :meth:`_search`)."""
        self.run_mask = 0
        """Set by :meth:`moves`: see :meth:`_representatives`."""
        self.in_play = 0
        """Cards still in a hand or on the table (kept up to date by the search)."""
        self.on_table = 0
        """Cards on the table in the trick in progress (kept up to date by the search)."""
        self.tied = 0
        """Set by every search in a trick: see :meth:`_settle`."""
        self.touched = 0
        """Cards the quick-trick rules looked at (closed upwards like :attr:`rel`)."""
        self._move: list[Move] = [(card, None) for card in range(len(ctx.eff))]
        """Per card: its move, when it is not a joker led as a named suit."""
        self._cards: dict[int, list[int]] = {}
        """A bit mask of cards -> its cards, lowest id first."""
        self._runs: dict[tuple[int, int], tuple[int, int]] = {}
        """(cards in play of a suit, legal cards of it) -> :meth:`_suit_runs`."""
        self.beaters: dict[tuple[object, int], int] = {}
        """(suit led, card) -> the cards that would beat that card in a trick of that suit."""
        self._tops: dict[int, int] = {}
        """Cards in play of one effective suit -> the strongest (:meth:`_top`)."""
        self._top_runs: dict[tuple[int, int], tuple[int, int]] = {}
        """(cards in play of a suit, a hand's cards of it) -> :meth:`_top_run`."""
        self.exact: dict[tuple[object, ...], _Known] = {}
        """Exact position (who leads, who holds each card in play) -> what is known of it."""
        self._sync()
        self.joker_rule = st.joker_lead != "any" and bool(st.tables.mask[NO_SUIT])

    # ------------------------------------------------------------------ values
    def value(self, guess: int | None = None, known: list[int] | None = None) -> int:
        """Exact tricks the contractor's side takes from the current position.

        ``guess`` is where the null-window searches start: from it they step one trick
        at a time (bisecting without one); ``known`` (``[low, high]``) is narrowed in
        place as they answer, so it holds bounds if the budget runs out.
        """
        self._sync()
        bounds = known if known is not None else [0, self.tricks_left()]
        t = guess
        while bounds[0] < bounds[1]:
            if t is None:
                t = (bounds[0] + bounds[1] + 1) // 2
            t = min(max(t, bounds[0] + 1), bounds[1])
            v = self._search(t)
            if v >= t:
                bounds[0] = min(v, bounds[1])
                t = bounds[0] + 1 if guess is not None else None
            else:
                bounds[1] = max(v, bounds[0])
                t = bounds[1] if guess is not None else None
        return bounds[0]

    def tricks_left(self) -> int:
        """Tricks still to play, the one in progress included."""
        st = self.st
        return 0 if st.over else len(st.hands[st.to_act])

    # ------------------------------------------------------------------ search
    def at_least(self, k: int) -> bool:
        """Whether the contractor's side takes at least ``k`` more tricks (null-window search)."""
        self._sync()
        return self._search(k) >= k

    def _sync(self) -> None:
        """Bring :attr:`held` up to date with the hands (the state may have moved)."""
        held, owner, st = self.held, self.owner, self.st
        in_hands = 0
        for seat in st.active:
            in_hands |= st.masks[seat]
        for suit in self.by_suit:
            for card in suit:
                held[self.place[card]] = owner[card] + 1 if in_hands >> card & 1 else 0
        self.in_play = self._in_play()
        self.on_table = 0
        for _, card in st.trick:
            self.on_table |= 1 << card

    def _search(self, k: int) -> int:
        """Fail-soft null-window search: a bound ``v`` on the tricks still to come, a
        lower bound if ``v >= k``, an upper bound if ``v < k``.

        Partition search (Ginsberg; the "winning ranks" of bridge double-dummy solvers):
        it also leaves in :attr:`rel` the cards whose holders the answer depends on,
        closed upwards within each suit (with a card, every stronger card of its suit).
        The answer holds for every position with the same leader, the same number of
        cards of each suit in each hand and the same holders of those cards, however
        the lower cards lie: lower cards only ever won a trick because nobody else
        followed suit. Table entries store that pattern of top cards.
        """
        st = self.st
        if k <= 0 or st.over:
            self.rel = self.tied = 0
            return 0
        seat = st.to_act
        left = len(st.hands[seat])
        if k > left:
            self.rel = self.tied = 0
            return left
        bucket: Bucket | None = None
        hint = -1
        if not st.trick:
            if left == 1:
                return self._last_trick()
            held_seq = bytes(self.held).replace(b"\0", b"")
            jokers_led = self.joker_rule and not held_seq.endswith(b"\xff\xff")
            xkey = (seat, held_seq, st.led_suits) if jokers_led else (seat, held_seq)
            exact = self.exact.get(xkey)
            if exact is not None:
                if exact.low >= k:
                    self.rel = exact.low_rel
                    return exact.low
                if exact.high < k:
                    self.rel = exact.high_rel
                    return exact.high
                bucket, seqs = exact.bucket, exact.seqs
            else:
                seqs = held_seq.split(b"\xff")
                lengths = tuple([bytes(sorted(x)) for x in seqs[:5]])
                bkey = (seat, lengths, st.led_suits) if jokers_led else (seat, lengths)
                bucket = self.table.get(bkey)
                if bucket is None:
                    bucket = self.table[bkey] = {}
            s0, s1, s2, s3, s4 = seqs[0], seqs[1], seqs[2], seqs[3], seqs[4]
            if bucket:
                lo, hi = 0, left
                lo_n: tuple[int, ...] = ()
                hi_n: tuple[int, ...] = ()
                for n, entries in bucket.items():
                    pattern = (s0[: n[0]], s1[: n[1]], s2[: n[2]], s3[: n[3]], s4[: n[4]])
                    entry = entries.get(pattern)
                    if entry is not None:
                        if entry[0] > lo:
                            lo, lo_n = entry[0], n
                        if entry[1] < hi:
                            hi, hi_n = entry[1], n
                        if entry[2] >= 0:
                            hint = entry[2]
                if lo >= k:
                    self.rel = self._pattern_cards(lo_n)
                    return lo
                if hi < k:
                    self.rel = self._pattern_cards(hi_n)
                    return hi
            if exact is None:
                low, high, low_rel, high_rel = self._initial_bounds(seat, left)
                exact = self.exact[xkey] = _Known(low, high, low_rel, high_rel, bucket, seqs)
                if low >= k:
                    self._store(bucket, seqs, low_rel, low, left, -1)
                    self.rel = low_rel
                    return low
                if high < k:
                    self._store(bucket, seqs, high_rel, 0, high, -1)
                    self.rel = high_rel
                    return high
        elif k == (1 if self.team[st.winning[0]] else left):
            v = self._trick_settles(k, left)
            if v >= 0:
                return v
        self.nodes += 1
        if self.nodes == self.budget:
            raise OutOfBudget
        maximise = self.team[seat] != self.misere
        team, done = self.team, st.done
        moves = self.moves()
        runs = self.run_mask
        if hint >= 0:
            for i, move in enumerate(moves):
                if move[0] == hint:
                    if i:
                        moves.insert(0, moves.pop(i))
                    break
        held, holder, place = self.held, seat + 1, self.place
        best = -1 if maximise else left + 1
        rel = 0
        tied = 0  # cards of merged runs whose equality the answer relies on (see _settle)
        skip = 0  # cards that stand or fall with one already searched (see _alike)
        live, table = self.in_play, self.on_table
        eff, suit_mask, above = self.eff, self.suit_mask, self.above
        for card, named in moves:
            if skip >> card & 1:
                continue
            leading = st.winning[1]
            st.play(card, named)
            held[place[card]] = 0
            if st.done > done:
                winner = st.to_act
                cards = table | 1 << card
                self.in_play, self.on_table = live & ~cards, 0
                v = self._search(k - 1) + 1 if team[winner] else self._search(k)
                self.in_play, self.on_table = live, table
                # the winning card pins itself and the cards above it if it beat one of its suit
                won = card if winner == seat else leading
                child = self.rel
                if (cards & suit_mask[eff[won]]).bit_count() > 1:
                    child |= above[won]
                child_tied = 0
            else:
                self.on_table = table | 1 << card
                v = self._search(k)
                self.on_table = table
                child, child_tied = self.rel, self.tied
            st.undo()
            held[place[card]] = holder
            if maximise:
                if v > best:
                    best = v
                if v >= k:
                    rel, tied = child, child_tied
                    break
            else:
                if v < best:
                    best = v
                if v < k:
                    rel, tied = child, child_tied
                    break
            rel |= child
            tied |= child_tied
            if not child >> card & 1 and named is None:
                skip |= self._alike(card, child)
        else:
            tied |= runs  # every move tried: each merged run stood for all its cards
        if bucket is None:
            self.rel, self.tied = rel, tied
            return best
        if tied & rel:  # a run only matters if a pattern pins a card of it
            rel = self._settle(rel, tied)
        self.rel, self.tied = rel, 0
        if best >= k:
            self._store(bucket, seqs, rel, best, left, card if maximise else -1)
            if best > exact.low:  # type: ignore[union-attr]
                exact.low, exact.low_rel = best, rel  # type: ignore[union-attr]
        else:
            self._store(bucket, seqs, rel, 0, best, -1 if maximise else card)
            if best < exact.high:  # type: ignore[union-attr]
                exact.high, exact.high_rel = best, rel  # type: ignore[union-attr]
        return best

    def _alike(self, card: int, pinned: int) -> int:
        """The cards of ``card``'s effective suit that ``pinned`` (a search's :attr:`rel`,
        which does not hold ``card``) does not hold either, none for a joker: moves
        worth what ``card`` was worth (winning ranks at the move).

        The answer for ``card`` held for every position alike in the holders of the
        pinned cards and in the number of cards of each suit per hand. Playing another
        unpinned card ``y`` of the suit from the same hand instead leads to such a
        position with ``card`` and ``y`` swapped: neither won a trick by rank (that pins
        a card), and each card that beat one beat the other (pins are closed upwards:
        the winner, pinned, is above both), so ``y`` wins and loses the same tricks.
        """
        suit = self.eff[card]
        if suit == NO_SUIT:
            return 0
        return self.suit_mask[suit] & ~pinned

    def _trick_settles(self, k: int, left: int) -> int:
        """In a trick: a bound that answers the search for ``k`` when the trick's winner
        is already sure, else -1.

        The trick is sure when no seat still to play on the other side of the winning
        card's holder holds a card that would beat it (legal or not). Won by the
        contractor's side, its tricks are at least 1 (enough for ``k == 1``); lost,
        at most ``left - 1`` (short of ``k == left``). The answer relies on the holders
        of the winning card and those above it in its suit (:attr:`rel`) and on each
        seat's number of cards of each suit (which every table entry keeps).
        """
        st = self.st
        win_seat, win_card = st.winning
        side = self.team[win_seat]
        if k != (1 if side else left):
            return -1
        key = (st.led, win_card)
        beaters = self.beaters.get(key)
        if beaters is None:
            lp = st.led_power
            floor = lp[win_card]
            beaters = 0
            for c, p in enumerate(lp):
                if p > floor:
                    beaters |= 1 << c
            self.beaters[key] = beaters
        team, masks, nxt = self.team, st.masks, st.nxt
        first = st.trick[0][0]
        s = st.to_act
        while s != first:
            if team[s] != side and masks[s] & beaters:
                return -1
            s = nxt[s]
        self.rel, self.tied = self.above[win_card], 0
        return 1 if side else left - 1

    def _settle(self, rel: int, tied: int) -> int:
        """``rel`` with the lowest pinned card of each suit moved down past the runs
        ``tied`` holds, at a trick's start.

        A run of touching cards is searched as one card: in another position whose
        pattern pins its top card but not the rest, its cards may no longer be equal,
        so a pattern may pin a run whole or not at all. ``tied`` holds the cards of
        such runs, but their lowest, seen this trick (cards touch alike at the trick's
        start and in it: those on the table are still in play).
        """
        held, above, place = self.held, self.above, self.place
        for s, suit in enumerate(self.by_suit):
            if not tied & self.suit_mask[s]:
                continue
            prev = -1
            for c in suit:
                if held[place[c]]:
                    if not rel >> c & 1:
                        if prev >= 0 and tied >> prev & 1:
                            rel |= above[c]
                        else:
                            break
                    prev = c
        return rel

    def _pattern_cards(self, lengths: tuple[int, ...]) -> int:
        """The current position's top ``lengths[s]`` cards in play of each effective suit
        ``s``, closed upwards: the cards a pattern of those lengths pins."""
        held, above, place, out = self.held, self.above, self.place, 0
        for s, n in enumerate(lengths):
            if n:
                for c in self.by_suit[s]:
                    if held[place[c]]:
                        n -= 1
                        if not n:
                            out |= above[c]
                            break
        return out

    def _store(
        self, bucket: Bucket, seqs: list[bytes], rel: int, low: int, high: int, hint: int
    ) -> None:
        """Record bounds proved with the holders of the cards ``rel`` (closed upwards);
        ``seqs``: the holders of each suit's cards in play, strongest first."""
        suit_mask = self.suit_mask
        pins = self.in_play & rel  # at a trick's start: the cards in hands
        n = tuple([(pins & suit_mask[s]).bit_count() for s in range(5)])
        pattern = tuple([seqs[s][: n[s]] for s in range(5)])
        entries = bucket.get(n)
        if entries is None:
            entries = bucket[n] = {}
        entry = entries.get(pattern)
        if entry is None:
            entries[pattern] = [low, high, hint]
            return
        entry[0] = max(entry[0], low)
        entry[1] = min(entry[1], high)
        if hint >= 0:
            entry[2] = hint

    def _last_trick(self) -> int:
        """1 if the contractor's side wins the last trick (every seat holds one card), else
        0; :attr:`rel` as :meth:`_search` sets it."""
        st = self.st
        seat = st.to_act
        lead = st.hands[seat][0]
        led = self.eff[lead]
        best_seat, best_card, best = seat, lead, self.power[lead]
        eff, power, trump = self.eff, self.power, self.trump
        cards = [lead]
        s = st.nxt[seat]
        while s != seat:
            card = st.hands[s][0]
            cards.append(card)
            e = eff[card]
            if (e == led or e == trump or e == NO_SUIT) and power[card] > best:
                best_seat, best_card, best = s, card, power[card]
            s = st.nxt[s]
        suit = eff[best_card]
        by_rank = any(c != best_card and eff[c] == suit for c in cards)
        self.rel = self.above[best_card] if by_rank else 0
        return 1 if self.team[best_seat] else 0

    # ------------------------------------------------------------------ moves
    def moves(self) -> list[Move]:
        """Legal moves of the seat to play, equal cards merged, likely best first.

        Following: outside misère, a seat whose side is winning plays low under it and
        otherwise wins as cheaply as it can with a card no opponent still to play can
        beat, else as cheaply as it can; in misère everyone (the defenders want the
        contractor to win a trick) plays the highest card that does not win, else the
        lowest. Leading: outside misère, top cards first, then low ones in the suits
        whose top card a partner holds, then the other low ones; in misère low cards
        first. (Measured on the 1,000 positions of ``benchmarks/solver_speed.py``:
        the two ordering rules for sure winners and leads towards a partner take
        7.7% fewer nodes over all, 24% fewer on the slowest.)
        """
        st = self.st
        live = self.in_play
        if st.trick or not st.masks[st.to_act] & self.suit_mask[NO_SUIT]:
            legal = st.legal_mask()  # no joker to lead as a named suit: one move per card
            if not legal & (legal - 1):
                self.run_mask = 0
                return [self._move[legal.bit_length() - 1]]
            led = st.led
            sm = 0 if led is None else self.suit_mask[led]
            if legal & sm == legal and led is not None:  # following suit: one suit's runs
                key = (live & sm, legal)
                found = self._runs.get(key)
                if found is None:
                    found = self._runs[key] = self._suit_runs(led, live, legal)
                heads, self.run_mask = found
            else:
                heads = self._heads(legal, live)
            cards = self._cards.get(heads)
            if cards is None:
                cards = [c for c in range(heads.bit_length()) if heads >> c & 1]
                self._cards[heads] = cards
            if len(cards) == 1:
                return [self._move[cards[0]]]
            keys = [score << 7 | card for score, card in zip(self._scores(cards, live), cards)]
            keys.sort()  # by score, then card (card ids are below 128)
            move = self._move
            return [move[key & 127] for key in keys]
        plays = st.legal_plays()
        if len(plays) == 1:
            self.run_mask = 0
            return plays
        reps = self._representatives(plays, live)
        if len(reps) == 1:
            return reps
        scored = sorted(zip(self._scores([m[0] for m in reps], live), reps))
        return [m for _, m in scored]

    def _scores(self, cards: list[int], live: int) -> list[int]:
        """The order of :meth:`moves` for the legal ``cards`` (lowest first); ``live``:
        the cards in play."""
        st = self.st
        power = self.power
        if st.trick:
            lp = st.led_power
            floor = st.win_power
            if self.misere:
                return [1000 + power[c] if lp[c] > floor else -power[c] for c in cards]
            if self.team[st.winning[0]] == self.team[st.to_act]:
                # The seat's side is winning: low cards first.
                return [power[c] + (1000 if lp[c] > floor else 0) for c in cards]
            # Sure winners first, then winners a later opponent may beat, then low.
            sure = self._beaten_after(lp, floor)
            return [
                power[c] + (0 if lp[c] > sure else 500 if lp[c] > floor else 1000) for c in cards
            ]
        above = self.above
        if self.misere:  # low cards first, a suit's top card last
            return [power[c] + 1000 if above[c] & live == 1 << c else power[c] for c in cards]
        # top cards first, strongest first, then low ones, towards a partner's top first
        towards = self._partners_tops(st.to_act, live)
        eff = self.eff
        return [
            -power[c]
            if above[c] & live == 1 << c
            else (500 if towards >> eff[c] & 1 else 1000) + power[c]
            for c in cards
        ]

    def _beaten_after(self, lp: tuple[int, ...], floor: int) -> int:
        """In a trick: the highest ``lp`` (power in the suit led) among the cards of the
        opponents of the seat to play who play after it, at least ``floor``; a card above
        it wins the trick whatever they play."""
        st, team = self.st, self.team
        side = team[st.to_act]
        first = st.trick[0][0]
        over = floor
        s = st.nxt[st.to_act]
        while s != first:
            if team[s] != side:
                for c in st.hands[s]:
                    if lp[c] > over:
                        over = lp[c]
            s = st.nxt[s]
        return over

    def _partners_tops(self, seat: int, live: int) -> int:
        """Bit mask of the effective suits whose strongest card in play ``live`` a partner
        of ``seat`` (not ``seat`` itself) holds."""
        team, owner, out = self.team, self.owner, 0
        for s in range(5):
            top = self._top(s, live)
            if top >= 0 and owner[top] != seat and team[owner[top]] == team[seat]:
                out |= 1 << s
        return out

    def _top(self, s: int, live: int) -> int:
        """The strongest card of effective suit ``s`` among the cards ``live``, -1 if none."""
        key = live & self.suit_mask[s]
        top = self._tops.get(key)
        if top is None:
            top = self._tops[key] = next((c for c in self.by_suit[s] if key >> c & 1), -1)
        return top

    def _top_run(self, s: int, live: int, mine: int) -> tuple[int, int]:
        """``(n, looked)``: how many of the strongest cards of effective suit ``s`` among
        the cards ``live`` the cards ``mine`` hold in a row, and those cards closed upwards
        (what tricks cashed with them rely on; 0 if ``n`` is 0)."""
        sm = self.suit_mask[s]
        key = (live & sm, mine & sm)
        found = self._top_runs.get(key)
        if found is None:
            n = looked = 0
            for c in self.by_suit[s]:
                if key[0] >> c & 1:
                    if not key[1] >> c & 1:
                        break
                    looked = self.above[c]
                    n += 1
            found = self._top_runs[key] = (n, looked)
        return found

    def _representatives(self, plays: list[Move], live: int) -> list[Move]:
        """One move per run of touching legal cards (jokers led as a named suit kept apart);
        ``live``: the cards in play (:meth:`_in_play`).

        Sets :attr:`run_mask`: the cards of runs of two or more but their lowest (see
        :meth:`_settle`).
        """
        legal = 0
        for card, _ in plays:
            legal |= 1 << card
        heads = self._heads(legal, live)
        return [m for m in plays if heads >> m[0] & 1]

    def _heads(self, legal: int, live: int) -> int:
        """The bit mask of the cards to search among the legal cards ``legal`` (a bit mask):
        each run's strongest card; sets :attr:`run_mask` (see :meth:`_representatives`)."""
        heads = inner = 0
        runs = self._runs
        for s, sm in enumerate(self.suit_mask):
            mine = legal & sm
            if mine:
                key = (live & sm, mine)
                found = runs.get(key)
                if found is None:
                    found = runs[key] = self._suit_runs(s, live, legal)
                heads |= found[0]
                inner |= found[1]
        self.run_mask = inner
        return heads

    def _suit_runs(self, s: int, live: int, legal: int) -> tuple[int, int]:
        """``(heads, inner)`` of suit ``s``'s runs of touching ``legal`` cards among the
        cards in play ``live``: each run's strongest card, and its cards but the lowest."""
        heads = inner = 0
        prev = -1
        for c in self.by_suit[s]:
            if live >> c & 1:
                if legal >> c & 1:
                    if prev < 0:
                        heads |= 1 << c
                    else:
                        inner |= 1 << prev
                    prev = c
                else:
                    prev = -1
        return heads, inner

    def runs(self, seat: int, plays: list[Move]) -> dict[int, int]:
        """Each legal card of ``seat`` -> the strongest card of its run of touching cards.

        Cards of one effective suit with no other card still in play (in a hand or on
        the table) between them are worth the same in every line of play.
        """
        mine = self.st.masks[seat]
        live = self._in_play()
        eff, by_suit = self.eff, self.by_suit
        legal = 0
        for card, _ in plays:
            legal |= 1 << card
        out: dict[int, int] = {}
        suits_done = 0
        for card, _ in plays:
            s = eff[card]
            if suits_done >> s & 1:
                continue
            suits_done |= 1 << s
            head = -1
            for c in by_suit[s]:
                if not live >> c & 1:
                    continue
                if legal >> c & 1 and mine >> c & 1:
                    if head < 0:
                        head = c
                    out[c] = head
                else:
                    head = -1
        return out

    def _in_play(self) -> int:
        """Cards still in a hand or on the table."""
        st = self.st
        live = 0
        for seat in st.active:
            live |= st.masks[seat]
        for _, card in st.trick:
            live |= 1 << card
        return live

    # ------------------------------------------------------------------ table
    def _initial_bounds(self, leader: int, left: int) -> tuple[int, int, int, int]:
        """``(low, high, low_rel, high_rel)`` from sure and quick tricks: the bounds, and
        for each the cards its proof looked at (closed upwards, as :attr:`rel`).

        Each side's sure tricks are the best of a few proofs (the top trumps' run, the
        cashed quick tricks, a kept top card); a bound relies only on the cards of the
        proof that gave it, so a table entry for it pins no more.
        """
        team = self.team
        trumps = self.suit_mask[NO_SUIT if self.trump is None else self.trump]
        self.touched = 0
        boss = self._boss_run()
        boss_rel = self.touched
        if self.misere:
            if boss[1] and team[boss[0]]:
                return (1, left, boss_rel, 0)
            low, high = self._misere_bounds(leader, left)
            return (low, high, self.touched, self.touched)
        sure = [0, 0]
        rels = [0, 0]
        if boss[1]:
            sure[team[boss[0]]] = boss[1]
            rels[team[boss[0]]] = boss_rel
        self.touched = 0
        quick = self._quick_tricks(leader, trumps)
        quick_rel = self.touched
        for mate in self.st.active:
            if quick < left and mate != leader and team[mate] == team[leader]:
                self.touched = 0
                if self._can_cross(leader, mate, trumps):
                    crossed = self._quick_tricks(mate, trumps)
                    if crossed > quick:
                        quick, quick_rel = crossed, self.touched
        mine = team[leader]
        if self.trump is None and boss[1] and team[boss[0]] == mine:
            # no trumps: the side's top jokers win tricks of their own besides the cashed ones
            quick += boss[1]
            quick_rel |= boss_rel
        if quick > sure[mine]:
            sure[mine], rels[mine] = quick, quick_rel
        if not sure[not mine]:
            self.touched = 0
            if self._keeps_a_trick(leader, left, trumps):
                sure[not mine], rels[not mine] = 1, self.touched
        return (min(sure[1], left), max(0, left - sure[0]), rels[1], rels[0])

    def _keeps_a_trick(self, leader: int, left: int, trumps: int) -> bool:
        """Whether the side not on lead surely takes a trick: the leader's side cannot
        ruff (holds no trump, nor an un-nominated joker in no trumps), and for some plain
        suits whose top cards the other side holds, the leader's side is too short in the
        rest to lead them for as many tricks as it would take to squeeze a top card out.

        Each seat of the other side keeps those top cards, playing one when its suit is
        led (it wins) or when it holds nothing else. Until the leader's side loses a trick
        it leads every trick, so never one of those suits while its top card is kept;
        and each trick led in another suit takes a card of it from every seat holding
        one, so that suit is led at most as often as the leader's side's longest holding
        of it. A seat keeping ``b`` top cards parts with one only after ``left - b``
        tricks led in the other suits.
        """
        st, team, suit_mask = self.st, self.team, self.suit_mask
        side = team[leader]
        mine = [st.masks[seat] for seat in st.active if team[seat] == side]
        ours, live = 0, self.in_play
        for m in mine:
            ours |= m
        if ours & trumps:
            return False
        tops: list[int] = []
        for s in range(4):
            if s != self.trump and live & suit_mask[s]:
                top = self._top(s, live)
                if not ours >> top & 1:
                    tops.append(top)
        if not tops:
            return False
        longest = [max([(m & sm).bit_count() for m in mine]) for sm in suit_mask]
        total = sum(longest)
        owner, eff = self.owner, self.eff
        if total - sum([longest[eff[top]] for top in tops]) + 1 > left:
            return False  # no subset can do: its rest is at least this, its holders 1
        for subset in range(1, 1 << len(tops)):
            kept = [top for i, top in enumerate(tops) if subset >> i & 1]
            rest = total - sum(longest[eff[top]] for top in kept)
            holders = [owner[top] for top in kept]
            if rest + max(holders.count(h) for h in holders) <= left:
                for top in kept:
                    self.touched |= self.above[top]
                return True
        return False

    def _can_cross(self, leader: int, mate: int, trumps: int) -> bool:
        """Whether ``leader`` can put its partner ``mate`` on lead for sure: it holds a
        card of a suit whose top card ``mate`` holds, and no opponent can ruff that
        trick. Then the partner's quick tricks are the side's: the crossing trick is
        the one the partner would have cashed first in that suit. Only that top card goes
        to :attr:`touched` (the suits that could not cross decide nothing)."""
        st = self.st
        team = self.team
        live = self.in_play
        mine, theirs = st.masks[leader], st.masks[mate]
        for s in range(4):
            sm = self.suit_mask[s]
            if not mine & sm or not theirs & sm:
                continue
            top = self._top(s, live)
            if not theirs >> top & 1:
                continue
            if s == self.trump or all(
                st.masks[o] & sm or not st.masks[o] & trumps
                for o in st.active
                if team[o] != team[leader]
            ):
                self.touched |= self.above[top]
                return True
        return False

    def _misere_bounds(self, leader: int, left: int) -> tuple[int, int]:
        """``[low, high]`` in misère (the contractor's side wants no trick; it is 0 or 1).

        Safe (``high`` 0): the contractor's side holds no un-nominated joker (which must
        be played when void, and wins) and in each suit all its cards rank below all the
        defenders' cards, so whatever a defender leads beats it or it discards; on lead
        it needs a suit the defenders hold too, to lose the lead in. A lone contractor
        not on lead is safe too when in each suit its i-th lowest card is below the
        defenders' i-th lowest (as far as both have cards): playing its highest card
        under the trick's best card each time (it has one: its lowest is below the card
        led) keeps that so, and cards the defenders discard only raise theirs.

        Lost (``low`` 1): with no un-nominated joker among the defenders, its lowest
        card of each suit above all theirs, and on lead (whatever it leads wins) or
        holding every suit the leader holds (it wins whatever is led). Unless the
        misère is played out, the hand stops at the side's first trick, so ``high``
        is at most 1.
        """
        st = self.st
        team = self.team
        ours = theirs = 0
        for seat in st.active:
            if team[seat]:
                ours |= st.masks[seat]
            else:
                theirs |= st.masks[seat]
        jokers = self.suit_mask[NO_SUIT]
        below = above = True
        staggered = sum(team[seat] for seat in st.active) == 1 and not team[leader]
        lose_lead = False
        for s in range(4):
            sm = self.suit_mask[s]
            if not ours & sm or not theirs & sm:
                continue
            lose_lead = True
            self.touched |= sm
            seen_ours = seen_theirs = False
            for c in self.by_suit[s]:
                if ours >> c & 1:
                    seen_ours = True
                    if seen_theirs:
                        above = False
                elif theirs >> c & 1:
                    seen_theirs = True
                    if seen_ours:
                        below = False
            if staggered and not below:
                staggered = _staggered(self.by_suit[s], (ours & sm).bit_count(), ours, theirs)
        most = left if st.play_out else 1  # the hand stops at the side's first trick
        if (below or staggered) and (lose_lead or not team[leader]) and not ours & jokers:
            return (0, 0)
        if above and not theirs & jokers and (team[leader] or self._follows_all(leader, ours)):
            return (1, most)
        return (0, most)

    def _follows_all(self, leader: int, ours: int) -> bool:
        """Whether the contractor's side (cards ``ours``) holds every suit ``leader`` does."""
        masks, suit_mask = self.st.masks[leader], self.suit_mask
        return all(ours & suit_mask[s] for s in range(4) if masks & suit_mask[s])

    def _boss_run(self) -> tuple[int, int]:
        """``(seat, n)``: who holds the strongest trump still in play (the strongest
        un-nominated joker in no trumps and misère: it wins whatever trick it falls on)
        and how many of the top ones it holds in a row; ``(-1, 0)`` if none is left.
        Those top ones go to :attr:`touched` (the card that ends the run does not: the
        tricks the run wins do not depend on it)."""
        order = self.by_suit[NO_SUIT if self.trump is None else self.trump]
        owner = self.owner
        live = self.in_play
        holder, n = -1, 0
        for c in order:
            if live >> c & 1:
                if holder < 0:
                    holder = owner[c]
                elif owner[c] != holder:
                    break
                self.touched |= self.above[c]
                n += 1
        return (holder, n)

    def _quick_tricks(self, leader: int, trumps: int) -> int:
        """Tricks the leader's side surely takes by cashing the leader's top cards.

        ``trumps`` are the cards that can win a trick of another suit (trumps, or the
        un-nominated jokers in no trumps). Top trumps always win, and once they have
        drawn every opponent's trumps, so do the leader's lower trumps if its partners
        hold no more trumps than it cashed (so no partner takes the lead). Top cards
        of a side suit win while no opponent able to ruff is void in it first; with no
        ruffer left, the leader's lower cards of a suit win too once the top ones have
        exhausted everyone else's cards of it. If only partners hold more cards of a suit
        than the leader's top ones, one such suit, cashed last, gives one more trick: its
        next card is led when no opponent can follow nor ruff, and wins or is overtaken
        by a partner.
        """
        st = self.st
        team = self.team
        mine = st.masks[leader]
        side = team[leader]
        live = 0
        others: list[int] = []
        foes: list[int] = []
        ruffers: list[int] = []
        for seat in st.active:
            m = st.masks[seat]
            live |= m
            if seat != leader:
                others.append(m)
                if team[seat] != side:
                    foes.append(m)
                    if m & trumps:
                        ruffers.append(m)
        suit_mask, trump = self.suit_mask, self.trump
        touched = total = 0
        last = False  # a suit only partners can follow once its top cards are cashed
        if trump is not None:
            total, touched = self._top_run(trump, live, mine)
            if all((m & trumps).bit_count() <= total for m in ruffers):
                ruffers = []
                if all((m & trumps).bit_count() <= total for m in others):
                    total = (mine & trumps).bit_count()
        for s in range(4):
            sm = suit_mask[s]
            if s == trump or not mine & sm:
                continue
            n, looked = self._top_run(s, live, mine)
            if not n:
                continue
            touched |= looked
            if ruffers:
                if all((m & sm).bit_count() >= n for m in ruffers):
                    total += n
            elif all((m & sm).bit_count() <= n for m in others):
                total += (mine & sm).bit_count()
            else:
                total += n
                if not last and (mine & sm).bit_count() > n:
                    last = all((m & sm).bit_count() <= n for m in foes)
        self.touched |= touched
        return min(total + last, len(st.hands[leader]))


def _staggered(suit: tuple[int, ...], mine: int, ours: int, theirs: int) -> bool:
    """Whether, in ``suit`` (strongest first), the i-th lowest card of ``ours`` (``mine``
    cards of it) is below the i-th lowest of ``theirs`` for every i both have.

    >>> _staggered((5, 4, 3, 2, 1, 0), 2, 0b000101, 0b001010)  # 0 < 1 and 2 < 3
    True
    >>> _staggered((5, 4, 3, 2, 1, 0), 2, 0b100001, 0b000110)  # 5 > 2
    False
    """
    seen_ours = seen_theirs = 0
    for c in reversed(suit):
        if ours >> c & 1:
            seen_ours += 1
        elif theirs >> c & 1:
            seen_theirs += 1
            if seen_ours < seen_theirs and seen_ours < mine:
                return False
    return True


def analyse(st: PlayState, node_budget: int | None = None) -> dict[Move, Bounds]:
    """``(low, high)`` bounds on the contractor's side's tricks after each legal move.

    Exact (``low == high``) unless ``node_budget`` ran out. Tricks count from
    the current position on, the trick the move is played to included.
    ``st`` is played on and restored.
    """
    solver = Solver(st, node_budget)
    done, team = st.done, solver.team
    known: dict[Move, list[int]] = {}
    gained: dict[Move, int] = {}
    plays = st.legal_plays()
    runs = solver.runs(st.to_act, plays)
    for move in solver.moves():  # likely best first: its value is a good guess for the rest
        st.play(*move)
        gained[move] = 1 if st.done > done and team[st.to_act] else 0
        known[move] = [0, solver.tricks_left()]
        st.undo()
    guess: int | None = None
    try:
        for move, bounds in known.items():
            st.play(*move)
            try:
                v = solver.value(None if guess is None else guess - gained[move], bounds)
            finally:
                st.undo()
            guess = v + gained[move]
    except OutOfBudget:
        pass
    out: dict[Move, Bounds] = {}
    for move in plays:
        rep = (runs[move[0]], move[1])
        out[move] = (known[rep][0] + gained[rep], known[rep][1] + gained[rep])
    return out
