"""The controller: one game, the bots' turns at the chosen pace, holds, hints, autosave.

No DOM here. The page (ui/dom.py) gives the controller a ``Screen`` (``render()``,
``announce(text)``, ``game_over()``) and a bot runner (``async think(request_json, level)
-> answer_json``); tests give fakes and drive whole games under CPython.

The controller never decides what is legal: it asks the engine (``view["legal_actions"]``)
and applies actions with ``Game.act``.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game import Game, IllegalAction, Rules, new_game
from game.notation import Play
from ui import names
from ui.bots import bot_seed
from ui.i18n import _, set_vocabulary
from ui.parked import in_progress, park, take_back
from ui.settings import LEVELS, PACE, Settings
from ui.storage import (
    PLAYING_TAB_KEY,
    STATS_KEY,
    UI_KEY,
    Store,
    game_key,
    load_stats,
    update_stats,
)

if TYPE_CHECKING:
    from game.handrecord import HandRecord
    from ui.review import ReviewSession

HUMAN = 0
CLAIM_PACE = 0.5
"""Once a hand is claimed, its cards play out at this fraction of the usual pace."""


class Screen(Protocol):
    def render(self) -> None: ...
    def announce(self, text: str) -> None: ...


class BotRunner(Protocol):
    async def think(self, request: str, level: str) -> str: ...


@dataclass
class Hold:
    """The table stays as it is for a moment: a finished trick, a finished hand, a redeal."""

    kind: str  # "trick" | "hand" | "redeal"
    until: float  # time.monotonic() seconds; math.inf: until the player moves on
    trick: dict[str, Any] | None = None  # {"cards": [[seat, card], ...], "winner": seat}
    record: dict[str, Any] | None = None  # the hands_played record of a finished hand
    after: Hold | None = None  # the hold that follows this one (a hand's result)
    duration: float = 0.0  # seconds the following hold lasts, from when it starts
    view: dict[str, Any] | None = None  # a finished hand's table, shown instead of the next
    note: str = ""  # what happened, in words (a redeal's reason)


@dataclass
class UIState:
    """What the page shows beyond the game itself."""

    hold: Hold | None = None
    hint: tuple[str, dict | None] | None = None  # (action, reason {"code", "params"})
    hint_pending: bool = False
    selected: list[str] = field(default_factory=list)  # discards chosen so far
    joker_menu: bool = False  # choosing the suit to lead the joker as
    peek: bool = False  # showing the last trick
    looked: str | None = None  # "<game key>/<hand number>" the human looked at (blind misère)
    thinking: int | None = None  # seat whose bot is thinking
    fresh: tuple[int, str] | None = None  # the card just played (animated in)
    dialog: str | None = None  # which dialog is open (the page keeps it in sync)
    claiming: bool = False  # the human claimed the rest: their leads play themselves
    claimer: int | None = None  # a bot that claimed the rest: its hand is shown, all play out


def finished_table(
    before: dict[str, Any], after: dict[str, Any], record: dict[str, Any]
) -> dict[str, Any]:
    """The human's view of a hand just finished: the view ``before`` its last card, with
    every card played, the last trick counted, and the scores and sheet ``after`` it."""
    view = dict(before)
    tricks_won = list(before["tricks_won"])
    winner = record["last_trick"]["winner"]
    if winner is not None and tricks_won[winner] is not None:
        tricks_won[winner] += 1
    view.update(
        hand=[],
        hand_sizes=[0] * len(before["hand_sizes"]),
        exposed={},
        current_trick=[],
        current_led=None,
        current_joker_suit=None,
        tricks=[*before["tricks"], record["last_trick"]],
        tricks_won=tricks_won,
        to_act=None,
        acting_for=None,
        legal_actions=[],
        scores=after["scores"],
        hands_played=after["hands_played"],
        winner=after["winner"],
    )
    return view


class Controller:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        screen: Screen,
        bots: BotRunner,
        overrides: dict[str, Any] | None = None,
        clock: Any = time.monotonic,
    ):
        self.store = store
        self.settings = settings
        self.screen = screen
        self.bots = bots
        self.overrides = overrides or {}
        self.clock = clock
        self.ui = UIState()
        self.game: Game | None = None
        self.generation = 0  # bumps on every new or loaded game: stale bot answers are dropped
        self.load_error: tuple[str, str] | None = None  # (reason, raw) of a bad save
        # this tab's id among the site's open tabs (random.SystemRandom: os.urandom, as the
        # secrets module, whose import of hmac and hashlib the start would pay)
        self.tab = f"{random.SystemRandom().getrandbits(64):016x}"
        self.elsewhere = False  # the game is being played in another tab: this one waits
        self.stats = load_stats(store)
        self._running = False
        self._tasks: set[asyncio.Task] = set()
        self._view_cache: dict[str, Any] = {}
        self._view_key: tuple[int, int, int, int | None] | None = None
        self._claim_cache: tuple[tuple[int, int], str | None] | None = None
        self.review: ReviewSession | None = None
        """The hand under review (the review dialog), if any."""
        self.listeners: list[Callable[[Controller], None]] = []
        """Called after every change of the game (records such as the deal of the day)."""
        ui_state = store.load_json(UI_KEY)
        if isinstance(ui_state, dict) and isinstance(ui_state.get("looked"), str):
            self.ui.looked = ui_state["looked"]

    # ------------------------------------------------------------------ set-up
    def boot(self) -> None:
        """Resume the saved game, or start one; a bad save waits for the player's choice."""
        if self.overrides.get("fresh"):
            self.store.clear_game()
        self.store.claim(self.tab)
        self._load_stored_game()

    def _load_stored_game(self) -> None:
        """The saved game, else its load error (the bad save kept), else a new game."""
        result = self.store.load_game()
        if result.game is not None:
            self._set_game(result.game)
        elif result.error is not None:
            self.load_error = (result.error, result.raw or "")
        else:
            self.new_game()

    def rules_for_new_game(self) -> Rules:
        preset = self.overrides.get("preset")
        if preset:
            return Rules.preset(preset)
        return self.settings.rules()

    def new_game(self, rules: Rules | None = None, seed: int | None = None) -> None:
        if seed is None:
            seed = self.overrides.pop("seed", None)
        if self.load_error is not None:
            self.store.clear_game()  # keeps the bad save under its own key
            self.load_error = None
        game = new_game(rules or self.rules_for_new_game(), seed=seed)
        self._set_game(game)
        self.save()

    def load_game(self, game: Game) -> None:
        """Switch to an imported game."""
        if self.load_error is not None:
            self.store.clear_game()
            self.load_error = None
        self._set_game(game)
        self.save()

    def play_deal_again(self, record: HandRecord) -> bool:
        """A new game against the bots whose first hand is ``record``'s deal, the human in
        the seat the record gives them; the game in progress is parked, not lost (the
        menu's "Back to the game you left"). False when it could not be parked."""
        if in_progress(self.game) and self.load_error is None:
            assert self.game is not None
            if not park(self.store, self.game):
                return False
        self.load_game(record.fresh_game())
        return True

    def resume_parked(self) -> bool:
        """Back to the most recently parked game; the game in progress is parked in its
        place. False when no parked game loads."""
        game = take_back(self.store)
        if game is None:
            return False
        if in_progress(self.game) and self.load_error is None:
            assert self.game is not None
            park(self.store, self.game)
        # Its hands were counted in the statistics as they were played: not twice.
        self.stats["counted"] = {
            "game": game_key(game),
            "hands": len(game.hands_played),
            "finished": False,
        }
        self.load_game(game)
        return True

    def _set_game(self, game: Game) -> None:
        self.game = game
        # The American game says widow and nullo; the words follow the game on the table.
        set_vocabulary("american" if game.rules.bidding == "american" else "australian")
        self.generation += 1
        self.ui = UIState(looked=self.ui.looked, dialog=self.ui.dialog)
        self._count_stats()

    # ------------------------------------------------------------------ settings
    def level(self, seat: int) -> str:
        return self.overrides.get("bots") or self.settings.level(seat)

    def speed(self) -> str:
        return self.overrides.get("speed") or self.settings.speed

    def pace(self, what: str) -> float:
        """Seconds for ``what`` ("bot", "trick", "hand") at the current speed."""
        return PACE[self.speed()][what] / 1000

    def player_name(self, seat: int) -> str:
        name = self.settings.name(seat)
        if name:
            return name
        players = self.game.rules.players if self.game else 4
        return names.default_name(seat, players)

    # ------------------------------------------------------------------ views
    def view(self) -> dict[str, Any]:
        """The human's view of the game; while a finished hand is held, that hand's table
        (the next hand is already dealt in the game, but not shown yet)."""
        if self.ui.hold is not None and self.ui.hold.view is not None:
            return self.ui.hold.view
        g = self.game
        assert g is not None
        key = (id(g), len(g.actions), len(g.deals), self.ui.claimer)
        if self._view_key != key:  # views are rebuilt only when the game changed
            view = g.view(HUMAN)
            claimer = self.ui.claimer
            if claimer is not None and g.phase == "play":  # a bot's claim: its hand face up
                view = {**view, "exposed": {**view["exposed"], str(claimer): g.hand(claimer)}}
            self._view_cache, self._view_key = view, key
        return self._view_cache

    def human_to_act(self) -> bool:
        g = self.game
        return (
            g is not None
            and g.to_act is not None
            and g.controller_of(g.to_act) == HUMAN
            and self.ui.hold is None
            and not self.elsewhere
        )

    def looked_key(self) -> str:
        assert self.game is not None
        return f"{game_key(self.game)}/{self.game.hand_number}"

    def hand_face_down(self) -> bool:
        """Blind misère: the human's cards stay face down until they choose to look."""
        g = self.game
        if g is None or not g.rules.blind_misere or g.phase != "bid":
            return False
        if any(seat == HUMAN for seat, _c in g.auction):
            return False
        return self.ui.looked != self.looked_key()

    def legal(self) -> list[str]:
        """The human's legal actions now (empty when it is not their turn)."""
        if not self.human_to_act():
            return []
        actions = self.view()["legal_actions"]
        if self.game is not None and self.game.rules.blind_misere and not self.hand_face_down():
            actions = [a for a in actions if a != "BMIS"]  # they have seen their cards
        return actions

    # ------------------------------------------------------------------ human input
    def act(self, action: str) -> bool:
        """The human's action (a button's ``data-action``); False if it is not legal now."""
        if self.elsewhere:
            return False
        if action == "DISCARD":
            action = "DISCARD " + " ".join(self.ui.selected)
        legal = self.legal()
        if action not in legal and not (
            action.startswith("DISCARD ") and self.game and self.game.phase == "discard" and legal
        ):
            return False
        try:
            self._apply(action)
        except IllegalAction as exc:
            from ui.errors_text import error_text  # not imported at the start

            self.screen.announce(error_text(exc))
            return False
        self.kick()
        return True

    def claim_lead(self) -> str | None:
        """The human's lead that keeps a certain claim of every remaining trick, else None
        (:func:`game.analysis.claims.claim_lead` on the human's view; one answer per move)."""
        g = self.game
        if g is None or g.phase != "play" or not self.legal():
            return None
        key = (self.generation, len(g.actions))
        if self._claim_cache is None or self._claim_cache[0] != key:
            from game.analysis.claims import claim_lead  # the bots' modules load lazily

            self._claim_cache = (key, claim_lead(self.view()))
        return self._claim_cache[1]

    def claim_offered(self) -> bool:
        """Whether "Claim the rest" is offered: a certain claim, with two cards or more left
        (the last card is no claim), not claimed yet."""
        if self.elsewhere or self.ui.claiming or self.claim_lead() is None:
            return False
        return len(self.view()["hand"]) >= 2

    def claim(self) -> bool:
        """Claim the rest of the tricks (offered only when certain): from now on the human's
        leads are played for them, the bots answer, until the hand is over."""
        if not self.claim_offered():
            return False
        self.ui.claiming = True
        self.screen.announce(_("You claim the rest of the tricks."))
        self.kick()
        return True

    def _bot_claim(self) -> None:
        """A bot on lead for the contractor's side with a certain claim of every remaining
        trick (from its own view, two cards or more left) claims: its hand is laid face
        up, and from now on every card of the hand plays itself."""
        g = self.game
        assert g is not None and g.to_act is not None
        seat = g.to_act
        if (
            self.ui.claimer is not None
            or self.ui.claiming
            or g.phase != "play"
            or g.current_trick
            or g.contract is None
            or g.controller_of(seat) == HUMAN
            or g.side_of(seat) != g.side_of(g.contract[0])
            or len(g.hand(seat)) < 2
        ):
            return
        from game.analysis.claims import claim_lead  # the bots' modules load lazily

        if claim_lead(g.view(seat)) is not None:
            self.ui.claimer = seat
            self.screen.announce(
                _("{name} claims the rest of the tricks.").format(name=self.player_name(seat))
            )
            self.screen.render()

    def _claimed_card(self, seat: int) -> str:
        """The card ``seat`` plays in a hand a bot claimed: the claimer's claim line, the
        lowest legal card for everybody else (nothing they play can win a trick)."""
        from game.analysis.claims import claim_lead, concede_card

        g = self.game
        assert g is not None
        view = g.view(seat)
        lead = claim_lead(view) if seat == self.ui.claimer else None
        return lead or concede_card(view)

    def _played_for_human(self) -> str | None:
        """The card played for the human now: the claim line once they claimed, the lowest
        card once a bot claimed, else with the setting on, their only legal card; None when
        the choice is theirs."""
        if self.ui.claiming:
            return self.claim_lead()
        g = self.game
        if self.ui.claimer is not None and g is not None and g.to_act is not None:
            return self._claimed_card(g.to_act)
        legal = self.legal()
        forced = self.settings.auto_forced and len(legal) == 1
        return legal[0] if forced and self.game is not None and self.game.phase == "play" else None

    def click_card(self, card: str) -> bool:
        """A click on a hand card: play it, pick it as a discard, or open the joker menu."""
        g = self.game
        legal = self.legal()
        if g is None or not legal:
            return False
        if g.phase == "discard":
            hand = self.view()["hand"]
            if card not in hand:
                return False
            if card in self.ui.selected:
                self.ui.selected.remove(card)
            elif len(self.ui.selected) < self.view()["kitty_size"]:
                self.ui.selected.append(card)
            else:
                return False
            self.screen.render()
            return True
        if card in legal:
            return self.act(card)
        if any(a.startswith(card + ":") for a in legal):
            self.ui.joker_menu = True
            self.screen.render()
            return True
        return False

    def close_joker_menu(self) -> None:
        self.ui.joker_menu = False
        self.screen.render()

    def look_at_hand(self) -> None:
        if self.game is None:
            return
        self.ui.looked = self.looked_key()
        self.store.save_json(UI_KEY, {"looked": self.ui.looked})
        self.screen.render()

    def toggle_peek(self) -> None:
        view = self.view() if self.game is not None else {}
        self.ui.peek = not self.ui.peek and bool(view.get("tricks") or view.get("auction"))
        self.screen.render()

    def dismiss_hold(self) -> None:
        """ "Continue": the held trick or hand result goes away now."""
        if self.ui.hold is not None:
            self.ui.hold.until = 0
            self._end_hold()
            self.kick()

    def _end_hold(self) -> None:
        if self.ui.hold is not None:
            following = self.ui.hold.after
            if following is not None:
                following.until = self.clock() + following.duration
            self.ui.hold = following
            self.screen.render()
            if following is None:
                self._maybe_auto_hint()

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: str) -> None:
        g = self.game
        assert g is not None and g.to_act is not None
        seat = g.to_act
        table_before = self.view() if g.phase == "play" else None
        before: dict[str, Any] = {
            "phase": g.phase,
            "contract": g.contract,
            "deals": len(g.deals),
            "hands": len(g.hands_played),
            "tricks": len(g.tricks),
            "trick": g.current_trick,
            "called": g.called_card,
            "high": g.high_bid,
        }
        g.act(action)
        self.ui.hint = None
        self.ui.hint_pending = False
        self.ui.selected = []
        self.ui.joker_menu = False
        self.ui.peek = False
        self.ui.thinking = None
        self.ui.fresh = None
        from ui.announce import describe_action  # loaded with the first action

        messages = [describe_action(before, seat, action, self.player_name(seat))]
        if before["phase"] == "play":
            self.ui.fresh = (seat, Play.parse(action).card_text)
        if before["contract"] is None and g.contract is not None:
            cseat, bid = g.contract
            messages.append(
                _("You win the auction with {bid}").format(bid=names.bid_name(bid))
                if cseat == HUMAN
                else _("{name} wins the auction with {bid}").format(
                    name=self.player_name(cseat), bid=names.bid_name(bid)
                )
            )
        hand_over = len(g.hands_played) > before["hands"]
        trick_done = hand_over or len(g.tricks) > before["tricks"]
        if before["phase"] == "play" and trick_done:
            # A hand's final trick is gathered at once; its record keeps it for the display.
            trick = g.hands_played[-1]["last_trick"] if hand_over else g.tricks[-1].to_dict()
            winner = trick["winner"]
            if winner is not None:
                messages.append(
                    _("You win the trick")
                    if winner == HUMAN
                    else _("{name} wins the trick").format(name=self.player_name(winner))
                )
            hold_for = self.pace("trick") * (CLAIM_PACE if self._claimed() else 1)
            self.ui.hold = Hold("trick", self.clock() + hold_for, trick=trick) if hold_for else None
        if hand_over:
            self.ui.claimer = None
            record = g.hands_played[-1]
            messages.append(self.hand_result_text(record))
            hold_for = self.pace("hand") if self.settings.auto_continue else math.inf
            trick_hold = self.ui.hold
            trick = trick_hold.trick if trick_hold else None
            finished = (
                finished_table(table_before, g.view(HUMAN), record)
                if table_before is not None
                else None
            )
            if trick_hold is not None:
                trick_hold.record, trick_hold.view = record, finished
            hand_hold = (
                Hold(
                    "hand",
                    self.clock() + hold_for,
                    trick=trick,
                    record=record,
                    duration=hold_for,
                    view=finished,
                )
                if self.pace("hand")
                else None
            )
            if trick_hold is not None and hand_hold is not None:
                trick_hold.after = hand_hold  # the last trick first, then the result
                self.ui.hold = trick_hold
            else:
                self.ui.hold = hand_hold
            if g.phase == "over":
                # The last trick stays on the table for its time; the end screen follows
                # (it shows the hand's result itself).
                if trick_hold is not None:
                    trick_hold.after = None
                self.ui.hold = trick_hold
                messages.append(self.winner_text())
        elif len(g.deals) > before["deals"]:
            from ui.announce import redeal_text

            note = redeal_text(before["high"], g.rules.minimum_contract)
            messages.append(note)
            hold_for = self.pace("trick")
            self.ui.hold = Hold("redeal", self.clock() + hold_for, note=note) if hold_for else None
        self.save()
        self._count_stats()
        for message in messages:
            self.screen.announce(message)
        self.screen.render()

    def _unchanged(self, g: Game, gen: int, count: int) -> bool:
        """Nothing happened to ``g`` while the loop waited: still shown, no action, no hold."""
        return (
            gen == self.generation
            and g is self.game
            and self.ui.hold is None
            and len(g.actions) == count
        )

    def _claimed(self) -> bool:
        return self.ui.claiming or self.ui.claimer is not None

    def hand_result_text(self, record: dict[str, Any]) -> str:
        seat = record["contractor"]
        bid = names.bid_display(record["bid"])
        who = self.player_name(seat)
        if record["made"]:
            if seat == HUMAN:
                return _("You made {bid}.").format(bid=bid)
            return _("{name} made {bid}.").format(name=who, bid=bid)
        if seat == HUMAN:
            return _("You went down in {bid}.").format(bid=bid)
        return _("{name} went down in {bid}.").format(name=who, bid=bid)

    def side_name(self, side: int) -> str:
        g = self.game
        assert g is not None
        members = [s for s in range(g.rules.players) if g.side_of(s) == side]
        return names.join_names([self.player_name(s) for s in members])

    def winner_text(self) -> str:
        g = self.game
        assert g is not None and g.winner is not None
        if g.winner == g.side_of(HUMAN):
            return (
                _("You win the game!")
                if g.rules.teams == "individual"
                else _("Your side wins the game!")
            )
        if g.rules.teams == "individual":
            return _("{name} wins the game.").format(name=self.side_name(g.winner))
        return _("{side} win the game.").format(side=self.side_name(g.winner))

    def save(self) -> None:
        if self.game is not None and not self.store.save_game(self.game) and self.store.stale:
            self.step_aside()  # another tab saved a newer state: never write over it

    # ------------------------------------------------------------------ other tabs
    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab of the site changed storage (the browser's ``storage`` event)."""
        playing_tab = self.store.key(PLAYING_TAB_KEY)  # events name keys as stored
        if key == playing_tab and value is not None and value != self.tab:
            self.step_aside()

    def step_aside(self) -> None:
        """Another tab plays the game now: stop the bots, take no input, write nothing."""
        if self.elsewhere:
            return
        self.elsewhere = True
        self.generation += 1  # answers of bots already thinking are dropped
        self.store.stale = True
        self.screen.render()

    def play_here(self) -> None:
        """ "Play here": take the game back as the other tab left it."""
        self.store.claim(self.tab)
        self.elsewhere = False
        self._load_stored_game()
        self.screen.render()
        self.kick()

    def _count_stats(self) -> None:
        if self.game is not None and update_stats(self.stats, self.game, HUMAN):
            self.store.save_json(STATS_KEY, self.stats)
        for listener in self.listeners:
            listener(self)

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        if not self.legal() or self.ui.hint_pending:
            return
        self.ui.hint_pending = True
        self.screen.render()
        self._spawn(self._hint())

    async def _hint(self) -> None:
        g, gen = self.game, self.generation
        assert g is not None
        count = len(g.actions)
        answer = await self._think("suggest", HUMAN, "hard")
        if gen != self.generation or g is not self.game or len(g.actions) != count:
            return
        self.ui.hint_pending = False
        if answer is not None:
            action: str | None
            action, reason = answer
            if action == "BMIS" and "BMIS" not in self.legal():
                action = None
            if action is not None:
                self.ui.hint = (action, reason)
        self.screen.render()

    def _maybe_auto_hint(self) -> None:
        if self.settings.auto_hints and self.legal() and self.ui.hint is None:
            self.request_hint()

    # ------------------------------------------------------------------ hand review
    def open_review(self, game: Game, hand_index: int) -> bool:
        """Review ``game.hands_played[hand_index]`` (the current game, a past one, an
        imported hand): replay it card by card while the worker analyses it, last card
        first. False if there is no such hand."""
        from ui.review import ReviewSession  # the solver's modules load lazily

        try:
            session = ReviewSession.of(game, hand_index)
        except (IndexError, ValueError):
            return False
        self.review = session
        self._spawn(self._analyse_review(session))
        return True

    def review_move(self, where: str | int) -> bool:
        """Show another card of the hand under review (``first``/``previous``/``next``/
        ``last`` or a step number)."""
        if self.review is None or not self.review.move(where):
            return False
        self.screen.render()
        return True

    def close_review(self) -> None:
        """Stop reviewing (an analysis still running stops at its next card)."""
        self.review = None

    async def _analyse_review(self, session: ReviewSession) -> None:
        """Ask the worker for one card's verdict after another until all are known or the
        review is closed; each answer is shown as it comes."""
        from ui.review import review_request

        while self.review is session and session.todo:
            index = session.todo[0]
            try:
                answer = json.loads(await self.bots.think(review_request(session, index), "review"))
            except Exception as exc:  # noqa: BLE001 (a failed worker leaves the card unknown)
                answer = {"error": str(exc)}
            if not isinstance(answer, dict) or "reviews" not in answer:
                answer = {"reviews": [{"index": index, "analysed": False}]}
            session.add(answer)
            if index in session.todo:  # an answer about other cards: do not ask forever
                session.todo.remove(index)
            if self.review is session:
                self.screen.render()

    # ------------------------------------------------------------------ bots
    async def _think(self, kind: str, seat: int, level: str) -> tuple[str, dict | None] | None:
        """Ask the bot runner; a bad or failed answer falls back to the first legal action."""
        g = self.game
        assert g is not None
        view = g.view(seat)
        legal = view["legal_actions"]
        if not legal:
            return None
        request = json.dumps(
            {
                "kind": kind,
                "level": level if level in LEVELS else "normal",
                "seed": bot_seed(g.seed, seat, len(g.actions)),
                "view": view,
            }
        )
        try:
            answer = json.loads(await self.bots.think(request, level))
        except Exception as exc:  # noqa: BLE001 (a broken worker must not stop the game)
            answer = {"error": str(exc)}
        action = answer.get("action") if isinstance(answer, dict) else None
        if not isinstance(action, str) or not (
            action in legal or (action.startswith("DISCARD ") and g.phase == "discard")
        ):
            return legal[0], None
        reason = answer.get("reason")
        return action, reason if isinstance(reason, dict) else None

    def kick(self) -> None:
        """Make sure the loop that plays the bots' turns is running."""
        if not self._running:
            self._spawn(self.run())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            # The technical text goes to the console; the player reads their own language.
            print(f"five hundred: {type(exc).__name__}: {exc}")
            self.screen.announce(
                _("Something went wrong. Your game is saved: reload the page to go on.")
            )

    async def run(self) -> None:
        """Play the bots' turns (and wait out holds) until it is the human's turn or the end."""
        if self._running:
            return
        self._running = True
        try:
            while True:
                g, gen = self.game, self.generation
                if g is None or self.load_error is not None or self.elsewhere:
                    return
                hold = self.ui.hold
                if hold is not None and hold.until == math.inf:
                    self.screen.render()
                    return  # the finished hand stays until the player moves on
                if hold is not None:
                    remaining = hold.until - self.clock()
                    if remaining > 0:
                        await asyncio.sleep(min(remaining, 0.05))
                        continue
                    self._end_hold()
                    continue
                if g.phase == "over" or g.to_act is None:
                    self.screen.render()
                    return
                seat = g.controller_of(g.to_act)
                lead = self._played_for_human() if seat == HUMAN else None
                count = len(g.actions)
                if lead is not None:  # a claimed hand, or a forced card, plays itself
                    await asyncio.sleep(self.pace("bot") * (CLAIM_PACE if self._claimed() else 1))
                    if self._unchanged(g, gen, count):  # the human may have played meanwhile
                        self._apply(lead)
                    continue
                if seat == HUMAN:
                    self.ui.claiming = False
                    self.ui.thinking = None
                    self.screen.render()
                    self._maybe_auto_hint()
                    return
                self._bot_claim()
                if self.ui.claimer is not None:  # a claimed hand plays itself out, quickly
                    await asyncio.sleep(self.pace("bot") * CLAIM_PACE)
                    if self._unchanged(g, gen, count) and g.to_act is not None:
                        self._apply(self._claimed_card(g.to_act))
                    continue
                self.ui.thinking = g.to_act
                delay = self.pace("bot")
                if delay:
                    self.screen.render()
                started = self.clock()
                answer = await self._think("choose", seat, self.level(seat))
                # The bot's thinking counts toward its pace: a slow first move (the bots'
                # modules loading) or a deep search is not made to wait a full pace more.
                await asyncio.sleep(max(0.0, delay - (self.clock() - started)))
                if gen != self.generation or g is not self.game or self.ui.hold is not None:
                    continue
                if answer is None:
                    continue
                if g.to_act is None or g.controller_of(g.to_act) != seat:
                    continue
                try:
                    self._apply(answer[0])
                except IllegalAction:
                    self._apply(g.legal_actions()[0])
        finally:
            self._running = False
