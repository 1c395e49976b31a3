"""Short human reasons for the hint button: the play policies' reason codes as sentences.

>>> from game.cards import card_id as c, HEARTS
>>> from game.bots.state import PlayState
>>> hands = [[c("JK"), c("4H"), c("AS")], [c("JH"), c("KS"), c("5S")], [c("6H"), c("QS"), c("7C")],
...          [c("7H"), c("JS"), c("9C")]]
>>> st = PlayState.for_deal(4, [0, 1, 0, 1], 0, 6, 100, HEARTS, hands, tricks_done=7)
>>> st.live = sum(st.masks)  # the other cards have been played
>>> explain_play("draw_trumps", st, 0, c("JK"))
'Draw trumps with the joker: 3 trumps are still out, the highest the right bower'
"""

from __future__ import annotations

from game.cards import JACK, JOKERS, SUIT_NAMES, card_name, rank_of, suit_of

from .play import highest
from .state import PlayState

PLAY_REASONS: dict[str, str] = {
    "forced": "The only card you may play",
    "trump_to_partner": "Lead a trump towards partner, the contractor, to help draw trumps",
    "cash_winner": "Cash the {card}: it is the highest card left in its suit",
    "develop_suit": "Lead from your longest suit to set up its low cards",
    "joker_lead": "Lead the joker: it wins the trick and names the suit to follow",
    "partner_suit": "Lead partner's suit: partner bid {suit}",
    "lead_singleton": "Lead your singleton: once void you can trump this suit",
    "lead_through": "Lead a suit the contractor's side has not bid",
    "lead_low": "Lead low and keep your winners",
    "partner_winning": "Partner is winning this trick: play low and don't overtake",
    "secure_trick": "Make sure of the trick: partner's card could still be beaten",
    "cannot_win": "You cannot win this trick: throw your least useful card",
    "win_cheaply": "Win the trick as cheaply as possible",
    "win_sure": "Win the trick with the cheapest card nobody can beat",
    "ruff": "Trump it: you have no {led} and the trick is worth taking",
    "second_hand_low": "Second hand low: partner plays after you",
    "third_hand_high": "Third hand high: make the last player use a high card",
    "misere_lead": "Lead the card least likely to win: plenty of higher cards are out",
    "misere_low": "Play low: you must not win a trick",
    "misere_duck": "Play your highest card that still loses the trick",
    "misere_dump": "Throw away your most dangerous card while you can",
    "attack_misere": "Lead low in a suit the contractor holds: make them win a trick",
    "keep_contractor_winning": "The contractor is winning this trick: play under them",
    "unload_high": "Get rid of a high card and keep low ones to attack the contractor",
    "play_under_contractor": "Play low so the contractor's card is the highest",
}


def trump_name(st: PlayState, card: int) -> str:
    """``"right bower"``, ``"left bower"``, ``"joker"`` or the card's name."""
    if card in JOKERS or st.trump is None or rank_of(card) != JACK:
        return card_name(card)
    if suit_of(card) == st.trump:
        return "right bower"
    if suit_of(card) == st.trump ^ 1:
        return "left bower"
    return card_name(card)


def explain_play(code: str, st: PlayState, seat: int, card: int) -> str:
    """A sentence for the reason ``code`` of playing ``card`` from ``st`` (before it is played)."""
    if code == "draw_trumps":
        assert st.trump is not None
        trumps = [c for c in st.tables.by_suit[st.trump] if st.others(seat) >> c & 1]
        top = highest(st, trumps) if trumps else card
        out = "1 trump is" if len(trumps) == 1 else f"{len(trumps)} trumps are"
        return (
            f"Draw trumps with the {trump_name(st, card)}: {out} still out, "
            f"the highest the {trump_name(st, top)}"
        )
    if code == "cannot_win" and st.led is not None and st.ctx.eff[card] == st.led:
        return "You cannot win this trick: play your lowest card"
    text = PLAY_REASONS.get(code, "A sound card to play")
    if "{suit}" in text:
        partners = [p for p in st.active if p != seat and st.side[p] == st.side[seat]]
        shown = [s for p in partners for s in range(4) if st.bid_suits[p] >> s & 1]
        text = text.replace("{suit}", SUIT_NAMES[shown[0]] if shown else "it")
    led = st.led if st.led is not None else 0
    return text.format(card=trump_name(st, card), led=SUIT_NAMES[led] if led < 4 else "cards")
