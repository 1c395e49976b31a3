"""Fakes for driving the controller under CPython: a screen, a bot runner, a clock."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from ui.app import Controller
from ui.bots import think
from ui.render_page import render_regions
from ui.settings import Settings
from ui.storage import MemoryBackend, Store


class FakeScreen:
    def __init__(self, render_everything: bool = True):
        self.announcements: list[str] = []
        self.renders = 0
        self.render_everything = render_everything
        self.app: Controller | None = None
        self.last: dict[str, str] = {}

    def render(self) -> None:
        self.renders += 1
        if self.render_everything and self.app is not None and self.app.game is not None:
            app = self.app
            self.last = render_regions(app)

    def announce(self, text: str) -> None:
        self.announcements.append(text)


class FakeBots:
    def __init__(self):
        self.requests: list[str] = []

    async def think(self, request: str, level: str) -> str:
        self.requests.append(request)
        return think(request)


def make_app(
    settings: Settings | None = None,
    overrides: dict | None = None,
    backend=None,
    render_everything: bool = True,
    scope: str = "/",
) -> tuple[Controller, FakeScreen, FakeBots]:
    screen = FakeScreen(render_everything)
    bots = FakeBots()
    store = Store(backend if backend is not None else MemoryBackend(), scope=scope)
    app = Controller(store, settings or Settings(), screen, bots, overrides or {})
    screen.app = app
    return app, screen, bots


def human_first_legal(app: Controller) -> None:
    """The human's move: the first legal action (discarding the first cards)."""
    assert app.game is not None
    if app.game.phase == "discard":
        for card in app.view()["hand"][: app.game.rules.kitty_size]:
            assert app.click_card(card)
        assert app.act("DISCARD")
    else:
        assert app.act(app.legal()[0])


async def play_out(
    app: Controller, max_actions: int = 5000, after: Callable[[], None] | None = None
) -> int:
    """Play the game to its end, the human taking :func:`human_first_legal` each turn;
    ``after`` is called after every step (the bots' turns, then the human's action).
    Returns the human's number of actions."""
    count = 0
    assert app.game is not None
    while app.game.phase != "over":
        await app.run()
        if after is not None:
            after()
        if app.game.phase == "over":
            break
        assert app.legal(), "the loop stopped although it is not the human's turn"
        human_first_legal(app)
        if after is not None:
            after()
        count += 1
        assert count < max_actions
    return count


def run(coro):
    """``asyncio.run`` in a thread of its own: Playwright's sync API (browser tests in the
    same session) keeps an event loop running in the main thread."""
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coro)
        except BaseException as exc:  # noqa: BLE001 (re-raised below)
            outcome["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
