"""Calibrate the bidding tables by simulation; writes ``game/bots/tables.py``.

    python -m game.bots.calibrate --deals 4000 --jobs 2

For each random deal and each seat, the seat is made contractor in a few
denominations (its two longest suits, one random suit, no trumps when it has
the joker or two aces or three stoppers, and misère and open misère when the
hand is low), takes the kitty and discards as the normal bot does, and the hand
is played out with the normal policy for every seat. Tricks taken by the
contractor's side (misère: success) are tabulated per hand pattern
(:mod:`game.bots.evaluate`) as ``(count, mean, sd)`` — or ``(count, success
rate)`` for misère — with the pattern read from the 10 cards held at bidding
time, so the kitty's expected help is in the table. A least-squares linear fit
per table backs up sparse patterns; one extra deal per round, whose first hand
is drawn towards low cards, fills the low misère buckets; and one random seat
and suit per deal (and no trumps) give the average hand's tricks (``base``).

>>> cells = calibrate_family("4p43", deals=2, seed=1)
>>> sorted(cells)
['MIS', 'NT', 'OMIS', 'base', 'fit', 'suit']
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

from game.cards import JOKERS, SUITS, build_deck, rank_of
from game.deal import Deal, deal_cards
from game.rules import Rules

from .evaluate import misere_pattern, nt_pattern, suit_pattern
from .kitty import contract_state
from .search import rollout
from .tables import TABLES

FAMILY_RULES: dict[str, dict[str, Any]] = {
    "4p43": {},
    "4p46": {"deck": 46},
    "3p33": {"players": 3, "deck": 33, "teams": "individual"},
    "6p63": {"players": 6, "deck": 63, "teams": "2v2v2"},
}
"""Rule options (over the Australian preset) that each table family is measured with."""


def play_contract(
    rules: Rules, hands: list[list[int]], kitty: list[int], seat: int, denom: str
) -> int:
    """Tricks the side of ``seat`` takes as contractor in ``denom`` (misère: tricks it won)."""
    bid = denom if denom in ("MIS", "OMIS") else f"7{denom}"
    st = contract_state(rules, hands, kitty, seat, bid, denom)
    rollout(st)
    return st.side_tricks()[rules.side_of(seat)]


def _denominations(hand: list[int], rng: random.Random, rules: Rules, opponents: int) -> list[str]:
    pats = {s: suit_pattern(hand, s) for s in range(4)}
    order = sorted(range(4), key=lambda s: pats[s], reverse=True)
    denoms = {SUITS[order[0]], SUITS[order[1]], SUITS[rng.randrange(4)]}
    jokers, aces, stopped, _ = nt_pattern(hand)
    if jokers or aces >= 2 or stopped >= 3:
        denoms.add("NT")
    if misere_pattern(hand, rules.deck, opponents) <= 5:
        denoms |= {"MIS", "OMIS"}
    return sorted(denoms)


def _low_deal(rules: Rules, rng: random.Random) -> Deal:
    """A deal whose seat 0 is drawn towards low cards (to fill the low misère buckets)."""
    deck = build_deck(rules.deck)
    weights = [0.02 if c in JOKERS else 1.0 / (rank_of(c) - 1) ** 2.5 for c in deck]
    hand: list[int] = []
    while len(hand) < 10:
        c = rng.choices(deck, weights)[0]
        if c not in hand:
            hand.append(c)
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    hands = [hand] + [rest[10 * i : 10 * i + 10] for i in range(rules.players - 1)]
    return Deal(0, hands, rest[10 * (rules.players - 1) :])


def _measure(args: tuple[str, int, int]) -> dict[str, list]:
    """One worker's share: raw observations ``(kind, key, result)``."""
    fam, deals, seed = args
    rules = Rules.preset("australian").with_options(**FAMILY_RULES[fam])
    rng = random.Random(f"calibrate/{fam}/{seed}")
    opponents = rules.players - rules.players // rules.num_sides
    out: dict[str, list] = {
        "suit": [],
        "NT": [],
        "MIS": [],
        "OMIS": [],
        "base_suit": [],
        "base_nt": [],
    }
    for _ in range(deals):
        deal = deal_cards(rules, 0, rng)
        for seat in range(rules.players):
            hand = deal.hands[seat]
            for denom in _denominations(hand, rng, rules, opponents):
                result = play_contract(rules, deal.hands, deal.kitty, seat, denom)
                if denom in ("MIS", "OMIS"):
                    key = misere_pattern(hand, rules.deck, opponents)
                    out[denom].append((key, int(result == 0)))
                elif denom == "NT":
                    out["NT"].append((nt_pattern(hand), result))
                else:
                    out["suit"].append((suit_pattern(hand, SUITS.index(denom)), result))
        low = _low_deal(rules, rng)
        key = misere_pattern(low.hands[0], rules.deck, opponents)
        if key <= 6:
            for denom in ("MIS", "OMIS"):
                won = play_contract(rules, low.hands, low.kitty, 0, denom)
                out[denom].append((key, int(won == 0)))
        seat, suit = rng.randrange(rules.players), rng.randrange(4)
        out["base_suit"].append(play_contract(rules, deal.hands, deal.kitty, seat, SUITS[suit]))
        out["base_nt"].append(play_contract(rules, deal.hands, deal.kitty, seat, "NT"))
    return out


def _cells(obs: list[tuple[Any, int]]) -> dict[Any, tuple]:
    groups: dict[Any, list[int]] = defaultdict(list)
    for key, value in obs:
        groups[key].append(value)
    cells = {}
    for key, values in sorted(groups.items()):
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / n) if n > 1 else 1.5
        cells[key] = (n, round(mean, 2), round(max(sd, 0.5), 2))
    return cells


def fit_linear(obs: list[tuple[tuple[int, ...], int]]) -> tuple[float, ...]:
    """Least-squares coefficients of ``result ~ 1 + key...`` and the residual sd (last)."""
    rows = [(1.0, *map(float, key)) for key, _ in obs]
    ys = [float(y) for _, y in obs]
    m = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(m)] for i in range(m)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(m)]
    for i in range(m):  # Gauss-Jordan with partial pivoting (tiny system)
        p = max(range(i, m), key=lambda r: abs(a[r][i]))
        a[i], a[p], b[i], b[p] = a[p], a[i], b[p], b[i]
        for r in range(m):
            if r != i and a[i][i]:
                f = a[r][i] / a[i][i]
                a[r] = [x - f * y for x, y in zip(a[r], a[i])]
                b[r] -= f * b[i]
    coef = [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(m)]
    resid = [y - sum(c * x for c, x in zip(coef, r)) for r, y in zip(rows, ys)]
    sd = math.sqrt(sum(e * e for e in resid) / max(1, len(resid) - m))
    return tuple(round(c, 3) for c in coef) + (round(sd, 3),)


def calibrate_family(fam: str, deals: int, seed: int = 1, jobs: int = 1) -> dict[str, Any]:
    """The table of one family from ``deals`` random deals."""
    shares = [
        (fam, deals // jobs + (1 if i < deals % jobs else 0), seed * 1000 + i) for i in range(jobs)
    ]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_measure, shares)
    else:
        parts = [_measure(s) for s in shares]
    merged: dict[str, list] = defaultdict(list)
    for part in parts:
        for kind, values in part.items():
            merged[kind].extend(values)
    base_suit, base_nt = merged["base_suit"], merged["base_nt"]
    return {
        "base": {
            "suit": round(sum(base_suit) / max(1, len(base_suit)), 2),
            "NT": round(sum(base_nt) / max(1, len(base_nt)), 2),
        },
        "suit": _cells(merged["suit"]),
        "NT": _cells(merged["NT"]),
        "fit": {"suit": fit_linear(merged["suit"]), "NT": fit_linear(merged["NT"])},
        "MIS": {k: (n, m) for k, (n, m, _) in _cells(merged["MIS"]).items()},
        "OMIS": {k: (n, m) for k, (n, m, _) in _cells(merged["OMIS"]).items()},
    }


def write_tables(tables: dict[str, Any], path: Path, deals: int) -> None:
    """Write the tables as a Python module (cells packed into lines, not reformatted)."""
    lines = [
        '"""Calibrated hand-evaluation tables, written by ``python -m game.bots.calibrate``.',
        "",
        f"Families: {', '.join(tables)} (last run: {deals} random deals per family). Per pattern:",
        "``(count, mean tricks of the contractor's side, sd)``; misère: ``(count, success rate)``.",
        "Keys are the patterns of :mod:`game.bots.evaluate`.",
        '"""',
        "",
        "from typing import Any",
        "",
        "# fmt: off",
        "TABLES: dict[str, dict[str, Any]] = {",
    ]
    for fam, t in tables.items():
        lines.append(f"    {fam!r}: {{")
        lines.append(f"        'base': {t['base']!r},")
        lines.append("        'fit': {")
        for kind, coef in t["fit"].items():
            lines.append(f"            {kind!r}: {coef!r},")
        lines.append("        },")
        for kind in ("suit", "NT", "MIS", "OMIS"):
            lines.append(f"        {kind!r}: {{")
            line = "           "
            for k, v in t[kind].items():
                item = f" {k!r}: {v!r},"
                if len(line) + len(item) > 99:
                    lines.append(line)
                    line = "           "
                line += item
            lines.append(line)
            lines.append("        },")
        lines.append("    },")
    lines += ["}", "# fmt: on", ""]
    path.write_text("\n".join(lines))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m game.bots.calibrate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--deals", type=int, default=4000, help="random deals per family")
    parser.add_argument("--families", default=",".join(FAMILY_RULES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).with_name("tables.py")))
    args = parser.parse_args(argv)
    tables = dict(TABLES)
    for fam in args.families.split(","):
        tables[fam] = calibrate_family(fam, args.deals, args.seed, args.jobs)
        print(f"{fam}: {len(tables[fam]['suit'])} suit cells, base {tables[fam]['base']}")
    write_tables(tables, Path(args.out), args.deals)


if __name__ == "__main__":
    main()
