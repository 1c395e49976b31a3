"""Bid reliability: the make chance bots claim for their contracts against what they make.

Usage:
    python benchmarks/bid_reliability.py [--level normal] [--deals 1000] [--samples 64]
           [--seed 1] [--kinds MIS,OMIS] [--save FILE] [--json]
    python benchmarks/bid_reliability.py --check FILE [FILE ...] [--level normal] [--json]
    python benchmarks/bid_reliability.py --fit FILE [FILE ...] [--level normal] [--write]
           [--over normal] [--kinds MIS]

Four bots of one level play one hand of each arena deal (australian). For every
final contract the *raw claim* is the chance the winning bid was decided with
(:mod:`game.bots.bidding`), the *shown claim* is that chance corrected by
:data:`game.bots.reliability.SHIFTS` (what a hint shows). The table gives per bid
type (suit level, NT, MIS, OMIS) the contracts, mean shown claim, measured make rate
with its 95% half-width, the gap (claim − made) and whether it is within 5 points.

Bids are decided with raw claims, so the contracts a run bids and makes do not
depend on ``SHIFTS``: one collection serves every fit. ``--save FILE`` appends
each contract to FILE as it is played, one JSON object a line::

    {"level": "normal", "samples": null, "seed": 5, "deal": 17, "bid": "8H",
     "kind": "8", "claim": 0.8123, "shown": 0.7954, "made": 1, "tricks": [2, 8]}

(``samples``: the hard bot's fixed sampled deals per card, else null; ``shown``: the
claim corrected by the ``SHIFTS`` of the run; ``tricks``: per side). ``--check FILES``
prints the table of the saved contracts of ``--level`` with the claims the current
``SHIFTS`` show, without replaying; ``--fit FILES`` fits per type the recalibration
``made ~ logistic(a + b * logit(raw claim))`` (:func:`fit_type`) and ``--write`` puts
those fits into ``SHIFTS`` for the level; ``--over normal`` fits the level's claims as
normal's ``SHIFTS`` correct them and composes the two (hard's few contracts adjust
normal's fits). Fit on some seeds' files, check on others'.

``--kinds`` (bid types, comma-separated) narrows a run or a fit to those types: a run
plays out only the contracts of those types (the auction is cheap, the card play is not:
collecting hard's misère contracts alone costs about a tenth of a full run, and those
contracts are played exactly as in the full run); a fit refits only those types and
keeps the level's other ``SHIFTS`` as they are.

Hard bots search a fixed ``--samples`` deals per card (no clock): 64 by default, the
cap the hard bot reaches on most cards within its time budget (the median card of
native play). Costs (CPU, this machine): normal 67 s per 1,000 deals, hard at 64
samples about 820 s.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, Rules, new_game  # noqa: E402
from game.arena import make_deals  # noqa: E402
from game.bots import Bot, bidding, reliability  # noqa: E402
from game.bots.evaluate import family  # noqa: E402
from game.bots.reliability import (  # noqa: E402
    FIT_FLOOR,
    bid_kind,
    corrected,
    logit,
    shift_chance,
)
from game.bots.search import MAX_SAMPLES  # noqa: E402
from game.rules import bid_table  # noqa: E402

ORDER = ("6", "7", "8", "9", "10", "NT", "MIS", "OMIS", "BMIS", "GAME")
MIN_CONTRACTS = 30
"""Fewer contracts of a type than this: no fit (the shift's error would be 0.4 in log-odds
or more, 8 points at a 70% chance)."""
SLOPE_Z2 = 2.0
"""A type's fit keeps its slope only when the slope earns its parameter (Akaike): its
distance from 1 is at least √2 standard errors; else the fit is a shift (slope 1).
Normal, 12,000 deals: the 7 and 8 levels' slopes, 1.19 and 1.12 (3,400-6,400 contracts,
errors 0.06), and open misère's, 0.40 (240 contracts, error 0.28), are kept; the 6
level's 1.07 (error 0.23) is not. Across bid types slopes vary little more than their
errors (a spread of 0.15 around 1 beyond them): a slope fitted to a few dozen
contracts is mostly noise."""

Row = dict[str, Any]


@contextmanager
def _raw_claims() -> Iterator[list[float]]:
    """Within: every bid reason built records the raw chance its bid was decided with
    (the last one is the bid just advised). The claims shown are left uncorrected
    meanwhile, which changes no decision (bids are decided with raw chances)."""
    seen: list[float] = []
    reason, shown = bidding._bid_reason, bidding.corrected

    def spy(k: Any, bid: str, p: float, mean: float, gain: int) -> bidding.Reason:
        seen.append(p)
        return reason(k, bid, p, mean, gain)

    def raw(p: float, fam: str, level: str, kind: str) -> float:
        return p

    bidding._bid_reason, bidding.corrected = spy, raw
    try:
        yield seen
    finally:
        bidding._bid_reason, bidding.corrected = reason, shown


def fit_recalibration(obs: list[tuple[float, int]], prior: float = 20.0) -> tuple[float, float]:
    """``(a, b)`` of the logistic fit ``made ~ a + b * logit(claim)`` over ``obs``
    (Newton's method; ``b`` is pulled towards 1 as if by ``prior`` observations, so a few
    contracts only move ``a``).

    >>> a, b = fit_recalibration([(0.8, 1), (0.8, 0), (0.6, 1), (0.6, 0)] * 5)
    >>> a < 0
    True
    """
    a, b = 0.0, 1.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for p, y in obs:
            x = logit(p)
            q = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = q * (1 - q)
            ga += y - q
            gb += (y - q) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        gb -= prior * 0.1 * (b - 1)
        hbb += prior * 0.1
        haa += 1e-6
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-7:
            break
    return round(a, 3), round(min(3.0, max(0.2, b)), 3)


def compose(outer: tuple[float, float], inner: tuple[float, float]) -> tuple[float, float]:
    """The recalibration ``outer`` applied after ``inner``, as one ``(a, b)``."""
    return round(outer[0] + outer[1] * inner[0], 3), round(outer[1] * inner[1], 3)


def play_hand(
    level: str,
    deal: dict[str, Any],
    seed: int,
    index: int,
    samples: int,
    seen: list[float],
    keep: Callable[[str], bool] | None = None,
    opening: Sequence[str] = (),
) -> tuple[Game, dict[int, float], list[str]]:
    """Deal ``index`` of ``seed`` (australian) bid, then played, by four ``level`` bots: the
    game, the raw claim of each seat's last bid (``seen``: the list of the enclosing
    :func:`_raw_claims`) and the auction's calls. With ``keep``, a contract whose bid it
    rejects is left unplayed: the auction is cheap, the card play is not, and bidding draws
    nothing from the bots' random streams, so the hands that are played are played as in a
    full run. ``opening``: the auction's first calls, made as given (the bots make the rest)."""
    rules = Rules.preset("australian")
    bots = [
        Bot(level, seed=seed * 1000 + index * 4 + s, samples=samples, budget_s=None)
        for s in range(rules.players)
    ]
    g = new_game(rules, seed=seed, deals=[deal])
    claims: dict[int, float] = {}
    calls: list[str] = []
    while g.to_act is not None and not g.hands_played and g.hand_number == 0:
        if keep is not None and g.phase != "bid" and not (g.contract and keep(g.contract[1])):
            break
        seat = g.controller_of(g.to_act)
        view = g.view(seat)
        if g.phase == "bid" and len(calls) < len(opening):
            action = opening[len(calls)]
            calls.append(action)
        elif g.phase == "bid":
            seen.clear()
            action, why = bots[seat].advise(view)
            if action != "PASS" and "p" in why.params and seen:
                claims[seat] = seen[-1]
            calls.append(action)
        else:
            action = bots[seat].choose(view)
        g.act(action)
    return g, claims, calls


def contract_row(
    g: Game, claims: dict[int, float], level: str, samples: int, seed: int, index: int
) -> Row | None:
    """The saved row of the contract played in ``g`` (``None``: thrown in, left unplayed,
    or bid without a claimed chance)."""
    if not g.hands_played or g.hands_played[0]["contractor"] not in claims:
        return None
    rec = g.hands_played[0]
    kind = bid_kind(bid_table(g.rules), rec["bid"])
    claim = claims[rec["contractor"]]
    return {
        "level": level,
        "samples": samples if level == "hard" else None,
        "seed": seed,
        "deal": index,
        "bid": rec["bid"],
        "kind": kind,
        "claim": round(claim, 6),
        "shown": round(corrected(claim, family(g.rules), level, kind), 6),
        "made": int(rec["made"]),
        "tricks": rec["tricks"],
    }


def play(
    level: str,
    deals: int,
    seed: int,
    samples: int,
    save: TextIO | None = None,
    kinds: Collection[str] | None = None,
) -> list[Row]:
    """Every final contract of ``deals`` arena deals played by four ``level`` bots,
    as a saved row (each also written to ``save`` as soon as it is played); with
    ``kinds``, only the contracts of those bid types are played out."""
    rules = Rules.preset("australian")
    table = bid_table(rules)
    keep = None if kinds is None else (lambda bid: bid_kind(table, bid) in kinds)
    rows: list[Row] = []
    with _raw_claims() as seen:
        for i, deal in enumerate(make_deals(rules, deals, seed)):
            g, claims, _ = play_hand(level, deal, seed, i, samples, seen, keep)
            row = contract_row(g, claims, level, samples, seed, i)
            if row is None:
                continue
            rows.append(row)
            if save is not None:
                save.write(json.dumps(row) + "\n")
                save.flush()
    return rows


def load(paths: list[str], level: str) -> list[Row]:
    """The saved rows of ``level`` in the JSON-lines files ``paths``."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += [r for r in map(json.loads, f) if r["level"] == level]
    return rows


def by_kind(rows: list[Row], claim: Callable[[Row], float]) -> dict[str, list[tuple[float, int]]]:
    """Per bid type: ``(claim(row), made)`` of every row."""
    out: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for r in rows:
        out[r["kind"]].append((claim(r), r["made"]))
    return out


def shown_now(level: str) -> Callable[[Row], float]:
    """A row's claim as the current ``SHIFTS`` show it to ``level``'s hints."""
    fam = family(Rules.preset("australian"))
    return lambda r: corrected(r["claim"], fam, level, r["kind"])


def slope_error(pairs: list[tuple[float, int]], fit: tuple[float, float]) -> float:
    """The standard error of the slope of ``fit`` (the logistic fit of ``pairs``)."""
    haa = hab = hbb = 0.0
    for p, _ in pairs:
        x = logit(p)
        q = shift_chance(p, *fit)
        haa, hab, hbb = haa + q * (1 - q), hab + q * (1 - q) * x, hbb + q * (1 - q) * x * x
    det = haa * hbb - hab * hab
    return math.sqrt(haa / det) if det > 0 else math.inf


def fit_type(pairs: list[tuple[float, int]]) -> tuple[float, float]:
    """The recalibration ``(a, b)`` of one bid type's ``(claim, made)`` pairs (some made,
    some not): the logistic fit, with its slope only where it earns it (``SLOPE_Z2``)."""
    free = fit_recalibration(pairs, prior=0.0)
    if (free[1] - 1) ** 2 >= SLOPE_Z2 * slope_error(pairs, free) ** 2:
        return free
    return fit_recalibration(pairs, prior=1e9)


def table_rows(obs: dict[str, list[tuple[float, int]]]) -> list[Row]:
    """Per bid type: contracts, mean claim, make rate, its 95% half-width, the gap (in
    points) and whether it is within 5 points."""
    rows = []
    for kind in sorted(obs, key=lambda k: ORDER.index(k) if k in ORDER else 99):
        pairs = obs[kind]
        n = len(pairs)
        claim = sum(p for p, _ in pairs) / n
        rate = sum(m for _, m in pairs) / n
        half = 1.96 * math.sqrt(rate * (1 - rate) / n) if n > 1 else 1.0
        gap = 100 * (claim - rate)
        rows.append(
            {
                "kind": kind,
                "n": n,
                "claimed": round(100 * claim, 1),
                "made": round(100 * rate, 1),
                "half95": round(100 * half, 1),
                "gap": round(gap, 1),
                "within5": abs(gap) <= 5,
            }
        )
    return rows


def fits(
    rows: list[Row], base: dict[str, tuple[float, float]] | None = None
) -> dict[str, tuple[float, float]]:
    """Per bid type: :func:`fit_type` of the rows' raw claims (those of at least
    ``FIT_FLOOR``: the ones a fit corrects), for the types with ``MIN_CONTRACTS``, both
    made and failed. With ``base`` (another level's fits), of the claims as ``base``
    corrects them, composed with it: a few contracts then only adjust a fit measured on
    many, and a type with too few keeps ``base``'s fit."""
    base = base or {}
    fitted = by_kind(
        [r for r in rows if r["claim"] >= FIT_FLOOR],
        lambda r: shift_chance(r["claim"], *base.get(r["kind"], (0.0, 1.0))),
    )
    return base | {
        k: compose(fit_type(pairs), base.get(k, (0.0, 1.0)))
        for k, pairs in fitted.items()
        if len(pairs) >= MIN_CONTRACTS and 0 < sum(m for _, m in pairs) < len(pairs)
    }


def write(level: str, new: dict[str, tuple[float, float]]) -> None:
    """Put ``new`` into ``SHIFTS`` for ``level`` in ``game/bots/reliability.py``."""
    path = Path(reliability.__file__)
    body = "".join(f'\n            "{k}": {new[k]!r},' for k in ORDER if k in new)
    text = re.sub(
        rf'"{level}": \{{[^}}]*\}},', f'"{level}": {{{body}\n        }},', path.read_text()
    )
    path.write_text(text)


def show(title: str, rows: list[Row], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"title": title, "rows": rows}))
        return
    print(title)
    print(f"{'type':<6}{'n':>6}{'claimed%':>10}{'made%':>8}{'±95':>6}{'gap':>7}  within 5")
    for r in rows:
        print(
            f"{r['kind']:<6}{r['n']:>6}{r['claimed']:>10.1f}{r['made']:>8.1f}"
            f"{r['half95']:>6.1f}{r['gap']:>+7.1f}  {'yes' if r['within5'] else 'no'}"
        )


def kinds_arg(text: str) -> frozenset[str]:
    """``--kinds``'s value: bid types, comma-separated (``"MIS,OMIS"``).

    >>> sorted(kinds_arg("MIS,OMIS"))
    ['MIS', 'OMIS']
    """
    kinds = frozenset(text.split(","))
    unknown = kinds - set(ORDER)
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bid type {', '.join(sorted(unknown))}; one of {', '.join(ORDER)}"
        )
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal", choices=("normal", "hard"))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=MAX_SAMPLES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", metavar="FILE", help="append the contracts to FILE")
    parser.add_argument("--check", nargs="+", metavar="FILE", help="table of saved contracts")
    parser.add_argument("--fit", nargs="+", metavar="FILE", help="fit SHIFTS on saved contracts")
    parser.add_argument("--write", action="store_true", help="with --fit: write SHIFTS")
    parser.add_argument("--over", choices=("normal",), help="with --fit: on top of its SHIFTS")
    parser.add_argument("--kinds", type=kinds_arg, help="only these bid types, e.g. MIS,OMIS")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    level = args.level
    if args.fit:
        base = reliability.SHIFTS["4p43"][args.over] if args.over else None
        new = fits(load(args.fit, level), base)
        if args.kinds is not None:  # each type's fit is its own: keep the others as they are
            kept = reliability.SHIFTS["4p43"].get(level, {})
            new = kept | {k: fit for k, fit in new.items() if k in args.kinds}
        print(json.dumps({k: new[k] for k in ORDER if k in new}))
        if args.write:
            write(level, new)
        return
    if args.check:
        rows = load(args.check, level)
        title = f"{level}, {len(rows)} contracts from {', '.join(args.check)}"
    else:
        if args.save:
            with open(args.save, "a") as save:
                rows = play(level, args.deals, args.seed, args.samples, save, args.kinds)
        else:
            rows = play(level, args.deals, args.seed, args.samples, kinds=args.kinds)
        title = f"{level}, {args.deals} deals, australian, seed {args.seed}"
    show(title, table_rows(by_kind(rows, shown_now(level))), args.json)


if __name__ == "__main__":
    main()
