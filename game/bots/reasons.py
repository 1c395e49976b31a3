"""Why the bot chose an action: reason codes with parameters, and their English texts.

A :class:`Reason` is a code of :data:`TEMPLATES` and JSON-safe parameters: cards in
engine notation (``"AS"``, ``"10H"``, ``"JK"``), suits and denominations as ``"S"``,
``"C"``, ``"D"``, ``"H"`` or ``"NT"``, bids in engine notation (``"7H"``, ``"MIS"``), a
probability as an int percent (``p``), expected tricks as a float with one decimal
(``mean``), a count ``n`` (the plural form follows it), a list of cards (``cards``), points
(``points``) and, next to a card ``card``, ``top`` or ``other`` (the alternative a
search compared with), its role in the contract
(``card_role`` / ``top_role``: ``"right_bower"``, ``"left_bower"`` or ``""``).
``str(reason)`` is the English sentence (engine and command line); the UI translates the
same templates (ui/hints.py): they are marked with ``N_()`` / ``NN_()`` for the catalogue
extractor (tools/i18n_extract.py).

>>> from game.cards import card_id as c, HEARTS
>>> from game.bots.state import PlayState
>>> hands = [[c("JK"), c("4H"), c("AS")], [c("JH"), c("KS"), c("5S")], [c("6H"), c("QS"), c("7C")],
...          [c("7H"), c("JS"), c("9C")]]
>>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 6, 100, HEARTS, hands, tricks_done=7)
>>> st.live = sum(st.masks)  # the other cards have been played
>>> why = explain_play("draw_trumps", st, 0, c("JK"))
>>> why.code, why.params["n"], why.params["top"], why.params["top_role"]
('draw_trumps', 3, 'JH', 'right_bower')
>>> str(why)
'Draw trumps with the joker: 3 trumps are still out, the highest the right bower'
>>> str(Reason("bid_contract", {"bid": "8H", "mean": 8.6, "p": 71, "n": 8}))
'Bid 8H: about 8.6 tricks expected with partner and kitty, 71% to make 8 tricks'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.cards import (
    CARD_ID,
    CARD_STR,
    JACK,
    JOKERS,
    SUIT_NAMES,
    SUITS,
    card_name,
    rank_of,
    suit_of,
)

from .play import highest
from .state import PlayState


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a template for the catalogue extractor (identity)."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a template with a count ``{n}``: (singular, plural)."""
    return singular, plural


Template = str | tuple[str, str]

# The play policies' codes (game/bots/play.py returns them).
PLAY_REASONS: dict[str, Template] = {
    "forced": N_("The only card you may play"),
    "trump_to_partner": N_("Lead a trump towards partner, the contractor, to help draw trumps"),
    "cash_winner": N_("Cash the {card}: it is the highest card left in its suit"),
    "develop_suit": N_("Lead from your longest suit to set up its low cards"),
    "joker_lead": N_("Lead the joker: it wins the trick and names the suit to follow"),
    # Translators: {suit} is a suit name such as "hearts" or "no trumps".
    "partner_suit": N_("Lead partner's suit: partner bid {suit}"),
    "lead_singleton": N_("Lead your singleton: once void you can trump this suit"),
    "lead_through": N_("Lead a suit the contractor's side has not bid"),
    "lead_low": N_("Lead low and keep your winners"),
    "partner_winning": N_("Partner is winning this trick: play low and don't overtake"),
    "unblock": N_("Play your high card under partner's winner: it unblocks partner's long suit"),
    "secure_trick": N_("Make sure of the trick: partner's card could still be beaten"),
    "cannot_win": N_("You cannot win this trick: throw your least useful card"),
    "win_cheaply": N_("Win the trick as cheaply as possible"),
    "win_sure": N_("Win the trick with the cheapest card nobody can beat"),
    # Translators: {led} is the suit led, such as "hearts".
    "ruff": N_("Trump it: you have no {led} and the trick is worth taking"),
    "second_hand_low": N_("Second hand low: partner plays after you"),
    "third_hand_high": N_("Third hand high: make the last player use a high card"),
    "misere_lead": N_("Lead the card least likely to win: plenty of higher cards are out"),
    "misere_low": N_("Play low: you must not win a trick"),
    "misere_duck": N_("Play your highest card that still loses the trick"),
    "misere_dump": N_("Throw away your most dangerous card while you can"),
    "attack_misere": N_("Lead low in a suit the contractor holds: make them win a trick"),
    "keep_contractor_winning": N_("The contractor is winning this trick: play under them"),
    "unload_high": N_("Get rid of a high card and keep low ones to attack the contractor"),
    "leave_lead": N_(
        "Play under the other defender: you hold no card that forces the contractor to win"
    ),
    "play_under_contractor": N_("Play low so the contractor's card is the highest"),
    # Translators: {card} and {top} are card names ("joker", "right bower", "Ace of hearts").
    "draw_trumps": NN_(
        "Draw trumps with the {card}: {n} trump is still out, the highest the {top}",
        "Draw trumps with the {card}: {n} trumps are still out, the highest the {top}",
    ),
}

TEMPLATES: dict[str, Template] = {
    **PLAY_REASONS,
    # play, beyond the policies' own codes
    "partner_suit_any": N_("Lead partner's suit"),
    "ruff_any": N_("Trump it: you cannot follow suit and the trick is worth taking"),
    "cannot_win_low": N_("You cannot win this trick: play your lowest card"),
    "play_default": N_("A sound card to play"),
    # Translators: {points} is a number of points such as "12 points".
    # Translators: {other} is a card name such as "Ace of spades", {points} a number of points.
    "search_lead": NN_(
        "Looking ahead over {n} likely deal, this card scores {points} more on average "
        "than leading the {other}",
        "Looking ahead over {n} likely deals, this card scores {points} more on average "
        "than leading the {other}",
    ),
    "search_follow": NN_(
        "Looking ahead over {n} likely deal, this card scores {points} more on average "
        "than playing the {other}",
        "Looking ahead over {n} likely deals, this card scores {points} more on average "
        "than playing the {other}",
    ),
    "search": NN_(
        "Looking ahead over {n} likely deal, this card scores {points} more on average "
        "than the obvious play",
        "Looking ahead over {n} likely deals, this card scores {points} more on average "
        "than the obvious play",
    ),
    # bidding; {bid} is a call such as "7♥" or "Misère", {p} a percentage such as "71%"
    # Translators: {mean} is a number of tricks with a decimal, such as "8.6".
    "bid_contract": NN_(
        "Bid {bid}: about {mean} tricks expected with partner and kitty, {p} to make {n} trick",
        "Bid {bid}: about {mean} tricks expected with partner and kitty, {p} to make {n} tricks",
    ),
    # Translators: {points} is a number of points such as "22 points".
    "bid_gain": NN_(
        "Bid {bid}: about {mean} tricks expected with partner and kitty, {p} to make {n} trick; "
        "on average it scores {points} more than passing",
        "Bid {bid}: about {mean} tricks expected with partner and kitty, {p} to make {n} tricks; "
        "on average it scores {points} more than passing",
    ),
    # Translators: {bid} is a call such as "10♥", {points} a number of points.
    "pass_gain": N_(
        "Pass: {bid} would be made {p} of the time, but passing scores {points} more on average"
    ),
    # Translators: {bid} is a ten-level call such as "10♥", {p} a percentage such as "40%".
    "pass_ten_short": N_(
        "Pass: {bid} needs all ten tricks, and your side takes them in only {p} of the likely "
        "deals played out"
    ),
    # Translators: {mean} is a number of tricks with a decimal, such as "9.4".
    "bid_game": N_(
        "Bid {bid}: about {mean} tricks expected with partner and kitty, {p} to make all ten tricks"
    ),
    # Translators: {bid} is "Misère" or "Open misère", {p} a percentage such as "80%".
    "bid_misere": N_("{bid}: a low hand, about {p} likely to lose every trick"),
    "pass_partner": N_("Pass: partner's {bid} is the better contract"),
    # Translators: {denomination} is "spades"… or "no trumps"; {mean} a number such as "5.2".
    "pass_weak": N_("Pass: the best denomination ({denomination}) promises only {mean} tricks"),
    # Translators: an inkle is an American 6-level bid that shows a suit to partner.
    "inkle": N_("Inkle {bid}: show partner your {suit} (a six bid cannot win the auction)"),
    "easy_bid": NN_(
        "Bid {bid}: {n} trick counting sure winners and partner",
        "Bid {bid}: {n} tricks counting sure winners and partner",
    ),
    "easy_pass_partner": N_("Pass: partner's {bid} stands"),
    "easy_pass": N_("Pass: not enough sure tricks"),
    # the kitty; {cards} is a list of card names
    "take_kitty": N_("Take the kitty: it can only improve your hand, and you discard as many"),
    "discard_misere": N_("Discard the cards most likely to win a trick: {cards}"),
    "discard_nt": N_("Keep aces, stoppers and long suits; discard from short weak suits: {cards}"),
    "discard_suit": N_(
        "Keep every trump and the aces; discard short side suits to trump them later: {cards}"
    ),
    # five-handed partner call; {card} is a card name such as "Ace of clubs"
    "call_trump": N_("Call the {card}: its holder draws trumps with you as your partner"),
    "call_joker": N_("Call the {card}: the joker wins a trick for you as your partner's card"),
    "call_ace": N_("Call the {card}: a sure winner in a suit you hold several of"),
    "call_high": N_("Call the {card}: the strongest card you can call"),
    "nominate_misere": N_(
        "Nominate {suit}: the joker hides among your {suit} and can be thrown away"
    ),
    "nominate_nt": N_("Nominate {suit}: the joker tops your longest suit"),
    "nominate_free": NN_(
        "Keep the joker free: played out over {n} likely deal, it takes more tricks unnominated",
        "Keep the joker free: played out over {n} likely deals, it takes more tricks unnominated",
    ),
    "nominate_search": NN_(
        "Nominate {suit}: played out over {n} likely deal, the joker does most there",
        "Nominate {suit}: played out over {n} likely deals, the joker does most there",
    ),
    # whatever the phase
    "random": N_("A random legal action"),
    "only_legal": N_("The only legal action"),
    "fallback": N_("A legal action"),
}
"""Reason code -> English template (with a count ``n``: a (singular, plural) pair)."""

CARD_KEYS = ("card", "top", "other")
"""Parameters holding one card; ``<key>_role`` names its bower role."""
SUIT_KEYS = ("suit", "led", "denomination")
ROLES = ("right_bower", "left_bower", "")
_DENOMINATION_NAMES = {s: SUIT_NAMES[i] for i, s in enumerate(SUITS)} | {"NT": "no trumps"}


@dataclass(frozen=True)
class Reason:
    """A reason code of :data:`TEMPLATES` with its JSON-safe parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": ...}`` for the UI (a copy)."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        return english(self.code, self.params)


def english(code: str, params: dict[str, Any]) -> str:
    """The English sentence of a reason (``"A sound card to play"`` for an unknown code)."""
    template = TEMPLATES.get(code, TEMPLATES["play_default"])
    if isinstance(template, tuple):
        template = template[0] if params.get("n") == 1 else template[1]
    values: dict[str, Any] = dict(params)
    for key in CARD_KEYS:
        if key in params:
            role = params.get(f"{key}_role", "")
            values[key] = role.replace("_", " ") if role else card_name(CARD_ID[params[key]])
    for key in SUIT_KEYS:
        if key in params:
            values[key] = _DENOMINATION_NAMES[params[key]]
    if "p" in params:
        values["p"] = f"{params['p']}%"
    if "mean" in params:
        values["mean"] = f"{params['mean']:.1f}"
    if "cards" in params:
        values["cards"] = ", ".join(params["cards"])
    if "points" in params:
        values["points"] = f"{params['points']} point" + ("" if params["points"] == 1 else "s")
    return template.format(**values)


def bower_role(st: PlayState, card: int) -> str:
    """``"right_bower"``, ``"left_bower"`` or ``""`` (any other card, or no trumps)."""
    if card in JOKERS or st.trump is None or rank_of(card) != JACK:
        return ""
    if suit_of(card) == st.trump:
        return "right_bower"
    if suit_of(card) == st.trump ^ 1:
        return "left_bower"
    return ""


def explain_play(code: str, st: PlayState, seat: int, card: int) -> Reason:
    """The reason ``code`` of playing ``card`` from ``st`` (before it is played)."""
    one = {"card": CARD_STR[card], "card_role": bower_role(st, card)}
    if code == "draw_trumps":
        assert st.trump is not None
        trumps = [c for c in st.tables.by_suit[st.trump] if st.others(seat) >> c & 1]
        top = highest(st, trumps) if trumps else card
        return Reason(
            code,
            {**one, "n": len(trumps), "top": CARD_STR[top], "top_role": bower_role(st, top)},
        )
    if code == "cannot_win" and st.led is not None and st.ctx.eff[card] == st.led:
        return Reason("cannot_win_low")
    if code == "partner_suit":
        partners = [p for p in st.active if p != seat and st.side[p] == st.side[seat]]
        shown = [s for p in partners for s in range(4) if st.bid_suits[p] >> s & 1]
        return Reason(code, {"suit": SUITS[shown[0]]}) if shown else Reason("partner_suit_any")
    if code == "ruff":
        led = st.led
        return (
            Reason(code, {"led": SUITS[led]}) if led is not None and led < 4 else Reason("ruff_any")
        )
    if code == "cash_winner":
        return Reason(code, one)
    if code not in PLAY_REASONS:
        return Reason("play_default")
    return Reason(code)
