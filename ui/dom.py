"""The page: builds the DOM once, re-renders regions from the controller, handles input.

Everything shown is produced by the DOM-free ``render_*`` modules as HTML strings; this
module only puts them in place (a region is touched only when its HTML changed), keeps
the keyboard focus and routes clicks and keys to the controller. The dialogs, shared
links, downloads and file import are ui/page_dialogs.py's, the keys ui/keys.py's, each
imported on first use.
"""

from __future__ import annotations

import base64
import time
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from ui import looks, motion, sound, storage, tour, undo
from ui.app import Controller
from ui.cards_svg import sprite
from ui.html import esc, tag
from ui.i18n import _
from ui.render_page import render_regions
from ui.render_table import table_attributes
from ui.settings import Settings

if TYPE_CHECKING:
    from game.handrecord import HandRecord
    from ui.share import Link

HUMAN = 0
storage.console = print  # a save that cannot be loaded: its English detail, in the console

ICON_SHEET = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 3h14v18H5z'
    'M8 7h8M8 11h8M8 15h5" fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linecap="round"/></svg>'
)
ICON_RULES = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 5a2 2 0 0 1 2-2h'
    '13v16H6a2 2 0 0 0-2 2zM4 19V5M8 7h7" fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linejoin="round" stroke-linecap="round"/></svg>'
)
ICON_SETTINGS = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" '
    'r="3" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 2v3M12 19v3M2 12h3'
    'M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/></svg>'
)
ICON_MENU = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 6h16M4 12h16'
    'M4 18h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>'
)

REGIONS = ("scores", "status", "seats", "centre", "panel", "hand", "sheet")
FOCUS_KEYS = ("data-card", "data-action", "data-ui", "id")


def node(value: Any) -> Any:
    """A DOM lookup's result, or None: JS ``null`` arrives as ``JsNull``, not None."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def _key_of(el: Any) -> tuple[str, str] | None:
    if el is None:
        return None
    for attr in FOCUS_KEYS:
        value = el.getAttribute(attr)
        if value:
            return attr, str(value)
    return None


def is_disabled(el: Any) -> bool:
    """True for a disabled control; False for any element without a ``disabled`` property
    (a scroll box, a heading: reading an undefined JS property raises AttributeError)."""
    return getattr(el, "disabled", False) is True


def _find(root: Any, key: tuple[str, str]) -> Any:
    attr, value = key
    return node(root.querySelector(f'[{attr}="{window.CSS.escape(value)}"]'))


def today() -> str:
    """The player's local date, ``YYYY-MM-DD`` (the deal of the day changes at midnight)."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


def now_text() -> str:
    """The player's local date and time, ``YYYY-MM-DD HH:MM`` (for the games history)."""
    now = window.Date.new()
    return f"{today()} {int(now.getHours()):02d}:{int(now.getMinutes()):02d}"


def _stylesheet_theme_properties() -> tuple[str, str]:
    """The stylesheet's light (``:root``) and dark (``@media (prefers-color-scheme: dark)``)
    custom properties, as CSS text. The first of each: the search stops there (each rule
    read is a call into JavaScript, and assets/style.css has hundreds after them)."""
    light = dark = ""
    for sheet in document.styleSheets:
        try:
            rules = sheet.cssRules
            count = int(rules.length)
        except Exception:  # noqa: BLE001 (another origin's sheet cannot be read)
            continue
        for index in range(count):
            if light and dark:
                return light, dark
            rule = rules.item(index)
            if not light and str(getattr(rule, "selectorText", "")) == ":root":
                light = str(rule.style.cssText)
            media = getattr(rule, "media", None)
            if (
                not dark
                and media is not None
                and "prefers-color-scheme: dark" in str(media.mediaText)
            ):
                for inner in rule.cssRules:
                    if str(getattr(inner, "selectorText", "")) == ":root":
                        dark = str(inner.style.cssText)
    return light, dark


def _record_finished(app: Controller) -> None:
    """The controller's listener for the history: its modules load with the first game over,
    not at the start."""
    if app.game is not None and app.game.phase == "over":
        from ui import history

        history.record_finished(app, now_text)


def _dialogs() -> Any:
    """ui.page_dialogs: the dialogs, links, downloads and file import, imported on first
    use (not at the start)."""
    from ui import page_dialogs

    return page_dialogs


def apply_looks(settings: Settings) -> None:
    """Theme, table colour and card backs on ``<html>`` (their rules are added once)."""
    root = document.documentElement
    chosen = looks.root_attributes(settings.theme, settings.felt, settings.back)
    for key, value in chosen.items():
        root.setAttribute(f"data-{key}", value)
    if node(document.getElementById("looks-css")) is None:
        style = document.createElement("style")
        style.id = "looks-css"
        # The table colour and backs come after the theme: they override its felt and backs.
        style.textContent = looks.theme_css(*_stylesheet_theme_properties()) + looks.looks_css()
        document.head.append(style)


class Page:
    """The Screen of the controller (``render``, ``announce``) and the input handlers."""

    def __init__(self) -> None:
        self.app: Controller | None = None
        self.root = node(document.getElementById("app"))
        self.regions: dict[str, Any] = {}
        self.last_html: dict[str, str] = {}
        self.dialog: Any = None  # the <dialog> element (a JsProxy), once the page is up
        self.dialog_kind: str | None = None
        self.draft: Settings | None = None
        self.draft_message = ""
        self._frame_pending = False
        self._proxies: list[Any] = []
        self._frame_proxy = None
        self._timer_proxy = None
        self.live = None
        self.end_shown_for: int | None = None
        self.hint_shown: object = None  # the hint last scrolled into view (ui.hint)
        self.pending_link: Link | None = None  # a shared or daily game to confirm
        self.history_index = -1  # the past game open in the history
        self.export_index = -1  # the hand of the game in play being exported
        self.review_export: int | None = None  # the deal index a review may export
        self.imported: HandRecord | None = None  # the hand record read last
        self.imported_parks = False  # playing it would set the game in progress aside
        self.dealt_key: str | None = None  # the last deal animated
        self.cues = sound.Cues()
        self.sounds: dict[str, Any] = {}  # name -> its Audio element, made on first use
        self._undeal_proxy = None
        self._ignore_proxy = create_proxy(lambda *_a: None)  # a refused play(): no sound

    # ------------------------------------------------------------------ skeleton
    def mount(self) -> None:
        tools = "".join(
            tag(
                "button",
                icon + tag("span", esc(label), class_="label"),
                type="button",
                class_=f"tool tool-{ui}",
                data_ui=ui,
                aria_label=label,
                title=label,
            )
            for ui, icon, label in (
                ("sheet", ICON_SHEET, _("Score sheet")),
                ("rules", ICON_RULES, _("Rules")),
                ("settings", ICON_SETTINGS, _("Settings")),
                ("menu", ICON_MENU, _("Menu")),
            )
        )
        header = tag(
            "header",
            tag(
                "h1",
                tag("span", "500", class_="mark", aria_hidden="true")
                + tag("span", esc(_("Five Hundred")), class_="word"),
                class_="brand",
            )
            + tag(
                "div",
                "",
                class_="scoreboard",
                id="region-scores",
                role="group",
                aria_label=_("Scores"),
            )
            + tag("nav", tools, class_="tools", aria_label=_("Game menu")),
            class_="topbar",
        )
        notice = tag("div", "", id="notice", class_="notice", role="status", hidden=True)
        status = tag("div", "", id="region-status", class_="statusbar", aria_live="off")
        table = tag(
            "section",
            tag(
                "div",
                tag("div", "", id="region-seats", class_="seats")
                + tag("div", "", id="region-centre", class_="centre"),
                class_="felt",
            ),
            id="table",
            class_="table",
            aria_label=_("Card table"),
        )
        panel = tag("section", "", id="region-panel", class_="panel", aria_label=_("Actions"))
        hand = tag("section", "", id="region-hand", class_="hand-area", aria_label=_("Your cards"))
        main = tag("div", status + table + panel + hand, class_="main-col")
        side = tag(
            "aside",
            tag("h2", esc(_("Score sheet")), class_="side-title")
            + tag("div", "", id="region-sheet", class_="side-sheet"),
            class_="side-col",
            aria_label=_("Score sheet"),
        )
        live = tag(
            "div", "", id="live", class_="sr-only", aria_live="polite", aria_relevant="additions"
        )
        dialog = tag("dialog", "", id="dialog", class_="dialog", aria_labelledby="dialog-title")
        file_input = tag(
            "input",
            "",
            type="file",
            id="import-file",
            accept=".json,application/json",
            hidden=True,
            aria_hidden="true",
        ).replace("></input>", ">")
        file_input += tag(
            "input",
            "",
            type="file",
            id="import-hand-file",
            accept=".txt,text/plain",
            hidden=True,
            aria_hidden="true",
        ).replace("></input>", ">")
        self.root.innerHTML = sprite() + tag(
            "div",
            header + notice + tag("div", main + side, class_="layout") + live + dialog + file_input,
            class_="app",
        )
        for name in REGIONS:
            self.regions[name] = node(document.getElementById(f"region-{name}"))
        self.table = node(document.getElementById("table"))
        self.live = node(document.getElementById("live"))
        self.dialog = node(document.getElementById("dialog"))
        self._listen(document, "click", self.on_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(window, "storage", self.on_storage)
        self._listen(self.dialog, "change", lambda evt: _dialogs().on_form_change(self, evt))
        self._listen(self.dialog, "input", lambda evt: _dialogs().on_form_input(self, evt))
        self._listen(self.dialog, "close", self.on_dialog_close)
        files = (("import-file", "on_import_file"), ("import-hand-file", "on_import_hand_file"))
        for input_id, handler in files:
            self._listen(
                node(document.getElementById(input_id)),
                "change",
                lambda evt, handler=handler: getattr(_dialogs(), handler)(self, evt),
            )
        for name in ("motion", "tour"):  # ui/'s own sheets, inside app.zip
            style = document.createElement("style")
            style.id = f"{name}-css"
            style.textContent = motion.stylesheet(name)
            document.head.append(style)
        self._undeal_proxy = create_proxy(
            lambda *_a: self.regions["hand"].classList.remove("dealing")
        )
        if self.app is not None:
            apply_looks(self.app.settings)
            self.app.listeners.append(_record_finished)
        self._frame_proxy = create_proxy(lambda *_a: self._frame())
        self._timer_proxy = create_proxy(lambda *_a: self._frame())

    def _listen(self, target: Any, event: str, handler: Any) -> None:
        def guarded(evt: Any) -> None:
            try:
                handler(evt)
            except Exception as exc:  # noqa: BLE001 (an input handler must not kill the page)
                window.console.warn(f"{event} handler failed: {exc!r}")
                import traceback

                window.console.warn(traceback.format_exc())

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    # ------------------------------------------------------------------ Screen
    def render(self) -> None:
        """Coalesce renders to one per frame (many bot actions may land in one frame)."""
        if self._frame_pending:
            return
        self._frame_pending = True
        window.requestAnimationFrame(self._frame_proxy)
        window.setTimeout(self._timer_proxy, 120)  # if frames are throttled (hidden tab)

    def _frame(self) -> None:
        if not self._frame_pending:
            return
        self._frame_pending = False
        self.render_now()

    def _attempt(self, step: str, work: Any) -> bool:
        """Run one step of a render; a failure is logged (with its traceback) and the other
        steps still run."""
        try:
            work()
        except Exception as exc:  # noqa: BLE001 (a render must never stop the game)
            import traceback

            window.console.warn(f"render: {step} failed: {exc!r}\n{traceback.format_exc()}")
            return False
        return True

    def render_now(self) -> None:
        """Show the game as it is. Each step is guarded: if putting the regions in place
        fails, they are all rebuilt from the game state once more; focus, the notice and the
        end of the game are looked after whatever happened."""
        app = self.app
        if app is None or app.game is None:
            return
        start = time.perf_counter()
        focus: list[Any] = [None, None]

        def remember_focus() -> None:
            active = node(document.activeElement)
            focus[0] = _key_of(active) if active is not None else None
            for name, el in self.regions.items():
                if active is not None and el.contains(active):
                    focus[1] = name

        self._attempt("reading the focus", remember_focus)
        if not self._attempt("the table", self._update_regions):
            self.last_html.clear()
            self._attempt("the table, again from the game", self._update_regions)
        self._attempt("the animations", self._apply_motion)
        self._attempt("the sounds", self._play_cues)
        self._attempt("the focus", lambda: self._restore_focus(focus[0], focus[1]))
        self._attempt("the hint", self._reveal_hint)
        self._attempt("the notice", lambda: self.notice(app.store.problem))
        self._attempt("the end of the game", self._show_end)
        self._attempt("another tab", self._show_elsewhere)
        self._attempt("the hand review", self._refresh_review)
        document.body.dataset.renderMs = str(round((time.perf_counter() - start) * 1000, 1))

    def _update_regions(self) -> None:
        app = self.app
        assert app is not None and app.game is not None
        for name, content in render_regions(app).items():
            if self.last_html.get(name) != content:
                self.regions[name].innerHTML = content
                self.last_html[name] = content
        for key, value in table_attributes(app).items():
            self.table.setAttribute(f"data-{key}", value)
        body = document.body
        body.dataset.phase = app.game.phase
        body.dataset.speed = app.speed()
        body.classList.toggle("four-colour", bool(app.settings.four_colour))
        body.classList.toggle("my-turn", bool(app.legal()))

    def _reveal_hint(self) -> None:
        """A new hint is scrolled into the action panel's view: it comes below the bids or
        cards, and where the panel scrolls (a desktop with the first game's guide above them)
        it would appear out of sight. Only the panel scrolls, never the page: on a phone the
        hand below stays where the player put it."""
        app = self.app
        assert app is not None
        hint = app.ui.hint
        if hint is None or hint is self.hint_shown:
            self.hint_shown = hint
            return
        panel = self.regions["panel"]
        shown = node(panel.querySelector(".hint-text"))
        if shown is None:
            return
        self.hint_shown = hint
        box, frame = shown.getBoundingClientRect(), panel.getBoundingClientRect()
        if box.bottom > frame.bottom:
            panel.scrollTop += min(box.bottom - frame.bottom, box.top - frame.top)
        elif box.top < frame.top:
            panel.scrollTop -= frame.top - box.top

    def _show_end(self) -> None:
        app = self.app
        assert app is not None and app.game is not None
        if (
            app.game.phase == "over"
            and app.ui.hold is None  # the last trick is shown first
            and self.end_shown_for != app.generation
            and not (self.dialog is not None and self.dialog.open)
        ):
            self.end_shown_for = app.generation
            self.open_dialog("end")

    def _show_elsewhere(self) -> None:
        """The game went to another tab: say so (and offer "Play here") until it comes back."""
        app = self.app
        assert app is not None
        if app.elsewhere and self.dialog_kind != "elsewhere":
            self.open_dialog("elsewhere")
        elif not app.elsewhere and self.dialog_kind == "elsewhere":
            self.close_dialog()

    def on_storage(self, evt: Any) -> None:
        """Another tab of this site changed localStorage."""
        if self.app is None:
            return
        key, value = node(evt.key), node(evt.newValue)
        self.app.storage_changed(
            None if key is None else str(key), None if value is None else str(value)
        )

    def _apply_motion(self) -> None:
        """Start the deal's and the trick's animations (CSS: nothing waits for them)."""
        app = self.app
        assert app is not None
        sweep = motion.trick_sweep(app)
        if sweep is not None:
            self.table.style.setProperty("--sweep-delay", f"{sweep[1]}ms")
            self.table.setAttribute("data-sweep", sweep[0])
        else:
            self.table.removeAttribute("data-sweep")
        key = motion.deal_key(app)
        if key is not None and key != self.dealt_key:
            self.dealt_key = key
            hand = self.regions["hand"]
            if hand.classList.contains("dealing"):  # restart the animation running
                hand.classList.remove("dealing")
                _reflow = hand.offsetWidth  # (not otherwise: it lays the page out, at start too)
            hand.classList.add("dealing")
            document.body.dataset.dealt = key
            window.setTimeout(self._undeal_proxy, 1500)

    def _play_cues(self) -> None:
        app = self.app
        assert app is not None
        events = self.cues.events(app)  # kept up to date even when sound is off
        if not app.settings.sound:
            return
        for name in events:
            audio = self.sounds.get(name)
            if audio is None:
                from ui import sound_synth  # only once sound is on: not part of the start

                url = "data:audio/wav;base64," + base64.b64encode(sound_synth.wav(name)).decode()
                audio = self.sounds[name] = window.Audio.new(url)
                audio.dataset.sound = name
            try:
                audio.currentTime = 0
                audio.play().catch(self._ignore_proxy)
            except Exception as exc:  # noqa: BLE001 (no audio output: the game goes on)
                window.console.warn(f"sound {name}: {exc!r}")

    def _restore_focus(self, key: tuple[str, str] | None, region: str | None) -> None:
        if self.dialog is not None and self.dialog.open:
            return
        active = node(document.activeElement)
        still_there = active is not None and active != document.body and self.root.contains(active)
        if still_there and not is_disabled(active):
            return
        target = None
        if key is not None and region is not None:
            found = _find(self.regions[region], key)
            if found is not None and not is_disabled(found):
                target = found
        if target is None and (region is not None or not still_there):
            target = self.default_focus()
        if target is not None:
            target.focus(to_js({"preventScroll": True}))

    def default_focus(self) -> Any:
        """Where the keyboard goes when it is the human's turn: the suggested or first
        legal card or bid, of those shown (a hand lying face up is drawn twice, at its seat
        for wide screens and in the panel for phones)."""
        app = self.app
        if app is None or not app.legal():
            return None
        for selector in (
            "#region-panel .suggested:not([disabled])",
            "#region-seats .exposed .suggested:not([disabled])",
            "#region-hand .card[tabindex='0']:not([disabled])",
            "#region-hand .card:not([disabled])",
            "#region-seats .exposed .card:not([disabled])",
            "#region-panel .exposed .card:not([disabled])",
            "#region-panel [data-action]:not([disabled])",
            "#region-panel button:not([disabled])",
            "#region-hand button:not([disabled])",
        ):
            for el in document.querySelectorAll(selector):
                if el.getClientRects().length:
                    return el
        return None

    def announce(self, text: str) -> None:
        if self.live is None or not text:
            return
        p = document.createElement("p")
        p.textContent = text
        self.live.append(p)
        while self.live.childElementCount > 6:
            node(self.live.firstElementChild).remove()

    def notice(self, text: str | None) -> None:
        el = node(document.getElementById("notice"))
        if el is None:
            return
        if text:
            el.textContent = text
            el.hidden = False
        else:
            el.hidden = True

    # ------------------------------------------------------------------ input
    def on_click(self, evt: Any) -> None:
        app = self.app
        if app is None:
            return
        target = node(evt.target)
        if target is None or not hasattr(target, "closest"):
            return
        el = node(target.closest("[data-ui],[data-action],[data-card]"))
        if el is None or is_disabled(el):
            return
        ui = el.getAttribute("data-ui")
        action = el.getAttribute("data-action")
        card = el.getAttribute("data-card")
        if ui:
            self.on_ui(str(ui), el)
        elif action:
            app.act(str(action))
        elif card:
            app.click_card(str(card))
        self._frame()  # show the result of the player's input at once

    def on_ui(self, ui: str, el: Any = None) -> None:
        app = self.app
        assert app is not None
        if ui == "hint":
            app.request_hint()
        elif ui == "undo":
            undo.take_back(app)
        elif ui == "peek":
            app.toggle_peek()
        elif ui == "claim":
            app.claim()
        elif ui == "look":
            app.look_at_hand()
        elif ui == "continue":
            app.dismiss_hold()
        elif ui == "joker-cancel":
            app.close_joker_menu()
        elif ui == "dialog-close":
            self.close_dialog()
        elif ui in ("sheet", "rules", "settings", "menu", "stats", "share", "daily", "history"):
            self.open_dialog(ui)
        elif ui == "new-game":
            g = app.game
            if g is not None and g.phase != "over" and (g.actions or g.hands_played):
                self.open_dialog("confirm-new")
            else:
                self.start_new_game()
        elif ui == "new-game-confirmed":
            self.start_new_game()
        elif ui == "tour-next" and el is not None:
            tour.mark_seen(app.store, str(el.getAttribute("data-tip")))
            self.render_now()
        elif ui == "tour-skip":
            tour.skip(app.store)
            self.render_now()
        elif ui == "tour":
            tour.restart(app.store)
            self.close_dialog()
        else:
            from ui import page_dialogs  # the dialogs', links' and files' buttons

            page_dialogs.on_ui(self, ui, el)

    def on_key(self, evt: Any) -> None:
        from ui import keys  # loaded with the first key press

        keys.on_key(self, evt)

    # ------------------------------------------------------------------ dialogs
    def open_dialog(self, kind: str, html: str | None = None) -> None:
        app = self.app
        assert app is not None
        if html is None:
            from ui import page_dialogs  # with each dialog's module: on first use

            html = page_dialogs.dialog_html(self, kind)
        if html is None:
            return
        self.dialog.className = f"dialog dialog-{kind}"
        self.dialog.innerHTML = html
        if kind == "review":
            self.last_html["dialog-review"] = html
        self.dialog_kind = kind
        app.ui.dialog = kind
        if not self.dialog.open:
            self.dialog.showModal()
        first = node(
            self.dialog.querySelector(
                "[data-ui='new-game-confirmed'], [data-ui='new-game'], .dialog-body select, "
                ".dialog-body input, .dialog-buttons .primary, button"
            )
        )
        if kind == "review":
            first = node(self.dialog.querySelector("[data-ui='review-next']"))
        if first is not None and kind not in ("settings", "rules", "sheet", "stats"):
            first.focus()

    def close_dialog(self) -> None:
        if self.dialog is not None and self.dialog.open:
            self.dialog.close()
        if not self._forget_dialog():
            self.render()

    def on_dialog_close(self, _evt: Any) -> None:
        if not self._forget_dialog():
            self.render_now()

    def _forget_dialog(self) -> bool:
        """Drop the closed dialog's state; ``True`` if a choice dialog took its place."""
        self.dialog_kind = None
        if self.app is None:
            return False
        self.app.ui.dialog = None
        self.app.close_review()
        return self._must_choose()

    def _refresh_review(self) -> None:
        if self.dialog_kind == "review":
            from ui import page_dialogs

            page_dialogs.refresh_review(self)

    def _must_choose(self) -> bool:
        """Reopen a dialog that cannot be dismissed (a bad save, a game played elsewhere)."""
        app = self.app
        if app is not None and app.elsewhere:
            self.open_dialog("elsewhere")
            return True
        if app is not None and app.load_error is not None:
            self.open_dialog("bad-save")
            return True
        return False

    def show_new_table(self, app: Controller, message: str | None = None) -> None:
        """Draw a table that replaced the last one (a new, loaded or resumed game) from
        scratch, with the dialog that led to it closed and ``message`` announced, and let
        the bots move."""
        self.last_html.clear()
        self.close_dialog()
        if message is not None:
            self.announce(message)
        self.render_now()
        app.kick()

    def start_new_game(self) -> None:
        app = self.app
        assert app is not None
        app.new_game()
        self.show_new_table(app)

    def refresh_notice(self) -> None:
        app = self.app
        self.notice(app.store.problem if app is not None else None)
