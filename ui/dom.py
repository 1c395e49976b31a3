"""The page: builds the DOM once, re-renders regions from the controller, handles input.

Everything shown is produced by the DOM-free ``render_*`` modules as HTML strings; this
module only puts them in place (a region is touched only when its HTML changed), keeps
the keyboard focus, routes clicks and keys to the controller, and runs the dialogs,
downloads and file import.
"""

from __future__ import annotations

import asyncio
import base64
import time
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from game import RecordError
from ui import looks, motion, parked, share, sound, storage, tour, undo
from ui.app import Controller
from ui.cards_svg import sprite
from ui.errors_text import error_text, record_error_text, save_error_text
from ui.html import button, esc, tag
from ui.i18n import _
from ui.render_page import render_regions
from ui.render_table import table_attributes
from ui.settings import FLAGS, Settings, preset_of
from ui.storage import BAD_SAVE_KEY, BAD_STATS_KEY, MAX_SAVE_CHARS, SAVE_KEY, SETTINGS_KEY

if TYPE_CHECKING:
    from game.handrecord import HandRecord

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


def page_address() -> str:
    """The page's address without its query (the base of a shared link)."""
    return str(window.location.origin) + str(window.location.pathname)


def _picked_file(evt: Any) -> Any:
    """The file an ``<input type=file>`` change event picked, or None; the input is cleared
    so that picking the same file again fires another change."""
    files = evt.target.files
    if files is None or files.length == 0:
        return None
    file = files.item(0)
    evt.target.value = ""
    return file


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
        self.pending_link: share.Link | None = None  # a shared or daily game to confirm
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
        self._listen(self.dialog, "change", self.on_form_change)
        self._listen(self.dialog, "input", self.on_form_input)
        self._listen(self.dialog, "close", self.on_dialog_close)
        self._listen(node(document.getElementById("import-file")), "change", self.on_import_file)
        self._listen(
            node(document.getElementById("import-hand-file")), "change", self.on_import_hand_file
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
        legal card or bid."""
        app = self.app
        if app is None or not app.legal():
            return None
        for selector in (
            "#region-panel .suggested:not([disabled])",
            "#region-hand .card[tabindex='0']:not([disabled])",
            "#region-hand .card:not([disabled])",
            "#region-seats .exposed .card:not([disabled])",
            "#region-panel [data-action]:not([disabled])",
            "#region-panel button:not([disabled])",
            "#region-hand button:not([disabled])",
        ):
            el = node(document.querySelector(selector))
            if el is not None:
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
        elif ui == "review-imported" and self.imported is not None:
            if app.open_review(self.imported.replay(), 0):
                self.review_export = None
                self.open_dialog("review")
        elif ui == "review" and el is not None:
            self.open_review(str(el.getAttribute("data-source")), int(el.getAttribute("data-hand")))
        elif ui.startswith("review-") and app.review is not None:
            where = ui.removeprefix("review-")
            if where == "goto" and el is not None:
                app.review_move(int(el.getAttribute("data-step") or 0))
            else:
                app.review_move(where)
            self._refresh_review()
        elif ui == "history-open" and el is not None:
            self.history_index = int(el.getAttribute("data-index") or -1)
            self.open_dialog("history-game")
        elif ui == "tour-next" and el is not None:
            tour.mark_seen(app.store, str(el.getAttribute("data-tip")))
            self.render_now()
        elif ui == "tour-skip":
            tour.skip(app.store)
            self.render_now()
        elif ui == "tour":
            tour.restart(app.store)
            self.close_dialog()
        elif ui == "daily-play":
            self.open_link(share.daily_link(today()))
        elif ui == "link-play":
            self.play_link()
        elif ui == "copy-link":
            self.copy_link(el)
        elif ui == "settings-save":
            self.save_settings()
        elif ui == "rules-confirmed":
            self.apply_settings(self.draft, new_game=True)
        elif ui == "export":
            self.export_game()
        elif ui == "export-hand" and el is not None:
            self.export_index = int(el.getAttribute("data-hand") or -1)
            self.open_dialog("export-hand")
        elif ui == "download-hand":
            self.download_hand()
        elif ui == "import-hand":
            self.open_dialog("import-hand")
        elif ui == "hand-import-read":
            field = node(document.getElementById("hand-import-text"))
            self.read_hand_record(str(field.value) if field is not None else "")
        elif ui == "hand-import-file":
            node(document.getElementById("import-hand-file")).click()
        elif ui == "hand-play-again":
            self.play_hand_again()
        elif ui == "resume-parked":
            self.resume_parked()
        elif ui == "import":
            self.close_dialog()
            node(document.getElementById("import-file")).click()
        elif ui == "play-here":
            app.play_here()
            self.last_html.clear()
            self.close_dialog()
            self.render_now()
        elif ui == "download-bad-stats":
            key = app.store.key(BAD_STATS_KEY)
            window.fivehundredPage.downloadStored(key, "fivehundred-bad-stats.json")
        elif ui == "download-bad-save":
            # Read and written by the page's script straight from storage: the file is byte
            # for byte what was stored, even characters Python could not hold (lone
            # surrogates). The bad save is still under SAVE_KEY until a new game moves it.
            key = SAVE_KEY if app.load_error is not None else BAD_SAVE_KEY
            window.fivehundredPage.downloadStored(app.store.key(key), "fivehundred-bad-save.json")

    def on_key(self, evt: Any) -> None:
        key = str(evt.key)
        if (evt.ctrlKey or evt.metaKey) and key in ("z", "Z") and not evt.shiftKey:
            if self.app is not None and not (self.dialog is not None and self.dialog.open):
                if undo.take_back(self.app):
                    evt.preventDefault()
                    self._frame()
            return
        if evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        target = evt.target
        in_field = target is not None and str(getattr(target, "tagName", "")).upper() in (
            "INPUT",
            "SELECT",
            "TEXTAREA",
        )
        if in_field:
            return
        review_keys = {
            "ArrowLeft": "previous",
            "ArrowRight": "next",
            "Home": "first",
            "End": "last",
        }
        if self.dialog_kind == "review" and self.app is not None and key in review_keys:
            evt.preventDefault()
            if self.app.review_move(review_keys[key]):
                self._refresh_review()
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            nav = node(target.closest("[data-nav]")) if hasattr(target, "closest") else None
            if nav is None and hasattr(target, "closest"):
                nav = node(target.closest(".panel, .hand-area, .exposed"))
            if nav is not None and self.move_focus(nav, target, key):
                evt.preventDefault()
        elif key in ("h", "H") and self.app is not None and self.app.legal():
            if not (self.dialog is not None and self.dialog.open):
                self.app.request_hint()
        elif key == "Escape" and self.app is not None:
            if self.app.ui.joker_menu:
                self.app.close_joker_menu()
            elif self.app.ui.peek:
                self.app.toggle_peek()

    def move_focus(self, container: Any, current: Any, key: str) -> bool:
        items = [
            el
            for el in container.querySelectorAll("button:not([disabled])")
            if el.offsetParent is not None
        ]
        if not items:
            return False
        try:
            index = items.index(current)
        except ValueError:
            index = -1
        if key == "Home":
            nxt = items[0]
        elif key == "End":
            nxt = items[-1]
        elif key in ("ArrowLeft", "ArrowRight") or index < 0:
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            nxt = items[(index + step) % len(items)] if index >= 0 else items[0]
        else:
            here = current.getBoundingClientRect()
            cx, cy = here.left + here.width / 2, here.top + here.height / 2
            best, best_score = None, None
            for el in items:
                if el is current:
                    continue
                r = el.getBoundingClientRect()
                ex, ey = r.left + r.width / 2, r.top + r.height / 2
                dy = ey - cy
                if (key == "ArrowDown" and dy <= 4) or (key == "ArrowUp" and dy >= -4):
                    continue
                score = abs(dy) * 3 + abs(ex - cx)
                if best_score is None or score < best_score:
                    best, best_score = el, score
            if best is None:
                step = 1 if key == "ArrowDown" else -1
                best = items[(index + step) % len(items)]
            nxt = best
        for el in items:
            if el.getAttribute("tabindex") == "0" and el is not nxt:
                el.setAttribute("tabindex", "-1")
        if nxt.hasAttribute("tabindex"):
            nxt.setAttribute("tabindex", "0")
        nxt.focus()
        return True

    # ------------------------------------------------------------------ dialogs
    def open_dialog(self, kind: str, html: str | None = None) -> None:
        app = self.app
        assert app is not None
        if html is None:
            # Each dialog's module is imported when it first opens, not at the start.
            from ui import render_dialogs as dialogs

            if kind == "sheet":
                html = dialogs.render_sheet_dialog(app)
            elif kind == "rules":
                from ui.render_settings import render_rules_page

                rules = app.game.rules if app.game else app.settings.rules()
                html = render_rules_page(rules, preset_of(rules))
            elif kind == "settings":
                from ui.render_settings import render_settings

                if self.dialog_kind != "settings" or self.draft is None:
                    self.draft = app.settings.copy()
                    self.draft_message = ""
                html = render_settings(self.draft, self.draft_message)
            elif kind == "menu":
                html = dialogs.render_menu(parked.count(app.store))
            elif kind in ("export-hand", "import-hand", "imported"):
                html = self._hand_record_dialog(kind)
            elif kind in ("share", "daily", "link-confirm"):
                html = self._share_dialog(kind)
            elif kind in ("stats", "history", "history-game"):
                html = self._history_dialog(kind)
            elif kind == "review":
                from ui.render_review import render_review  # the solver loads on first use

                html = render_review(app, export_hand=self.review_export)
            elif kind == "end":
                html = dialogs.render_end(app)
            elif kind == "elsewhere":
                html = dialogs.render_elsewhere()
            elif kind == "bad-save":
                reason = app.load_error[0] if app.load_error else ""
                html = dialogs.render_bad_save(reason)
            elif kind == "confirm-new":
                html = dialogs.render_confirm(
                    _("Start a new game?"),
                    _("The game in progress will be lost."),
                    _("New game"),
                    "new-game-confirmed",
                )
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

    def _hand_record_dialog(self, kind: str) -> str | None:
        from ui import render_handrecord

        app = self.app
        assert app is not None
        if kind == "export-hand":
            if app.game is None or not 0 <= self.export_index < len(app.game.deals):
                return None
            return render_handrecord.render_export_hand(app, self.export_index)
        if kind == "import-hand":
            return render_handrecord.render_import_hand()
        if self.imported is None:
            return None
        review = ""
        if self.imported.replay().hands_played:  # a finished hand: it can be reviewed
            review = button(_("Review this hand"), "review-imported")
        return render_handrecord.render_imported(
            app, self.imported, self.imported_parks, more=review
        )

    def _share_dialog(self, kind: str) -> str | None:
        from ui import render_share

        app = self.app
        assert app is not None
        if kind == "share":
            return render_share.render_share(app, page_address())
        if kind == "daily":
            return render_share.render_daily(app, today())
        if self.pending_link is None:
            return None
        return render_share.render_link_confirm(self.pending_link)

    def _history_dialog(self, kind: str) -> str:
        from ui import render_history

        app = self.app
        assert app is not None
        if kind == "stats":
            from ui.render_settings import render_stats

            return render_stats(
                app.stats,
                extra=render_history.stats_extra(app),
                damaged=app.store.get(BAD_STATS_KEY) is not None,
            )
        if kind == "history":
            return render_history.render_history(app)
        return render_history.render_past_game(app, self.history_index)

    def close_dialog(self) -> None:
        if self.dialog is not None and self.dialog.open:
            self.dialog.close()
        self.dialog_kind = None
        if self.app is not None:
            self.app.ui.dialog = None
            self.app.close_review()
            if self._must_choose():
                return
        self.render()

    def on_dialog_close(self, _evt: Any) -> None:
        self.dialog_kind = None
        if self.app is not None:
            self.app.ui.dialog = None
            self.app.close_review()
            if self._must_choose():
                return
        self.render_now()

    def open_review(self, source: str, hand_index: int) -> None:
        """Open the review of a hand of the game on the table or of the past game open in
        the history (a sheet row's or the end-of-hand card's button)."""
        app = self.app
        assert app is not None
        game = app.game
        if source == "history":
            from ui import history

            games = history.load(app.store)["games"]
            entry = games[self.history_index] if 0 <= self.history_index < len(games) else None
            game = history.past_game(entry) if entry is not None else None
        if game is not None and app.open_review(game, hand_index):
            # A hand of the game on the table can be exported from its review.
            played = game.hands_played
            self.review_export = (
                played[hand_index].get("hand", hand_index) if source != "history" else None
            )
            self.open_dialog("review")

    def _refresh_review(self) -> None:
        """Put the review's new state in the open dialog, keeping the focused button."""
        app = self.app
        if app is None or self.dialog_kind != "review" or not self.dialog.open:
            return
        from ui.render_review import render_review

        html = render_review(app, export_hand=self.review_export)
        if html == self.last_html.get("dialog-review"):
            return
        active = node(document.activeElement)
        key = None
        if active is not None and self.dialog.contains(active):
            key = (active.getAttribute("data-ui"), active.getAttribute("data-step"))
        body = node(self.dialog.querySelector(".dialog-body"))
        scroll = body.scrollTop if body is not None else 0
        self.dialog.innerHTML = html
        self.last_html["dialog-review"] = html
        body = node(self.dialog.querySelector(".dialog-body"))
        if body is not None:
            body.scrollTop = scroll
        if key is not None and key[0]:
            selector = f"[data-ui='{key[0]}']"
            if key[1]:
                selector += f"[data-step='{key[1]}']"
            target = node(self.dialog.querySelector(selector))
            if target is not None and is_disabled(target):
                target = node(self.dialog.querySelector("[data-ui='review-goto'].current"))
            if target is not None:
                target.focus()

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

    def on_form_change(self, evt: Any) -> None:
        if self.dialog_kind != "settings" or self.draft is None:
            return
        from ui.options import adjust_rules, parse_value
        from ui.render_settings import render_settings

        el = evt.target
        draft = self.draft
        rule = el.getAttribute("data-rule")
        setting = el.getAttribute("data-setting")
        message = ""
        if rule:
            name = str(rule)
            try:
                value = (
                    bool(el.checked) if el.type == "checkbox" else parse_value(name, str(el.value))
                )
                new_rules, changed = adjust_rules(draft.rules_dict, name, value)
            except ValueError as exc:
                print(f"settings: {exc}")  # the English detail, for the console only
                message = error_text(exc)
            else:
                draft.rules_dict = new_rules
                draft.preset = preset_of(draft.rules())
                if changed:
                    from ui.options import option_label

                    message = _("Also changed to fit: {options}.").format(
                        options=", ".join(option_label(n) for n in changed)
                    )
        elif setting:
            name = str(setting)
            seat = el.getAttribute("data-seat")
            if name == "preset":
                from game import Rules

                value = str(el.value)
                if value in Rules.PRESETS:
                    draft.preset = value
                    draft.rules_dict = Rules.preset(value).to_dict()
            elif name == "name" and seat is not None:
                from ui.settings import clean_name

                draft.names[int(seat)] = clean_name(str(el.value))
                return  # no re-render while typing
            elif name == "level" and seat is not None:
                draft.levels[int(seat)] = str(el.value)
            elif name == "speed":
                draft.speed = str(el.value)
            elif name in FLAGS:
                setattr(draft, name, bool(el.checked))
            elif name in ("theme", "felt", "back"):
                setattr(draft, name, str(el.value))
            elif name == "language":
                draft.language = str(el.value)
        self.draft_message = message
        focused_id = el.id
        scroll = node(self.dialog.querySelector(".dialog-body"))
        top = scroll.scrollTop if scroll is not None else 0
        self.dialog.innerHTML = render_settings(draft, message)
        scroll = node(self.dialog.querySelector(".dialog-body"))
        if scroll is not None:
            scroll.scrollTop = top
        if focused_id:
            again = node(document.getElementById(focused_id))
            if again is not None:
                again.focus(to_js({"preventScroll": True}))

    def on_form_input(self, evt: Any) -> None:
        """Typing a name: keep it in the draft (the form is re-rendered on other changes)."""
        el = evt.target
        if self.draft is None or el.getAttribute("data-setting") != "name":
            return
        from ui.settings import clean_name

        self.draft.names[int(el.getAttribute("data-seat"))] = clean_name(str(el.value))

    def save_settings(self) -> None:
        app = self.app
        draft = self.draft
        if app is None or draft is None:
            return
        for el in self.dialog.querySelectorAll("[data-setting='name']"):
            from ui.settings import clean_name

            draft.names[int(el.getAttribute("data-seat"))] = clean_name(str(el.value))
        rules_changed = app.game is None or draft.rules() != app.game.rules
        if rules_changed:
            from ui import render_dialogs as dialogs

            self.open_dialog(
                "confirm-rules",
                dialogs.render_confirm(
                    _("Start a new game with these rules?"),
                    _("Changing the rules starts a new game: the game in progress will be lost."),
                    _("Start new game"),
                    "rules-confirmed",
                ),
            )
            return
        self.apply_settings(draft, new_game=False)

    def apply_settings(self, draft: Settings | None, new_game: bool) -> None:
        app = self.app
        if app is None or draft is None:
            return
        language_changed = draft.language != app.settings.language
        app.settings = draft.copy()
        app.store.put(SETTINGS_KEY, app.settings.to_json())
        self.draft = None
        apply_looks(app.settings)
        self.close_dialog()
        if new_game:
            app.overrides.pop("preset", None)
            app.new_game(app.settings.rules())
            self.last_html.clear()
        if language_changed:
            # Every string is rendered in the language chosen at start-up: load the page
            # again (without one-off URL parameters such as ?fresh=1 or ?lang=).
            window.location.replace(window.location.pathname)
            return
        self.refresh_notice()
        self.render()
        app.kick()

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

    # ------------------------------------------------------------------ shared deals
    def open_link(self, link: share.Link | None) -> None:
        """A shared or daily game asked for (by the URL or the menu): play it, after asking
        when it would replace a game in progress."""
        app = self.app
        if link is None or app is None:
            return
        self.pending_link = link
        g = app.game
        in_progress = (
            app.load_error is None
            and g is not None
            and g.phase != "over"
            and bool(g.actions or g.hands_played)
        )
        if in_progress and g is not None and share.start_game(link) == g:
            self.pending_link = None  # the link's game is the one being played
            self._forget_link_address()
        elif in_progress:
            self.open_dialog("link-confirm")
        else:
            self.play_link()

    def play_link(self) -> None:
        app, link = self.app, self.pending_link
        if app is None or link is None:
            return
        self.pending_link = None
        game = share.start_game(link)
        if link.bots:
            app.overrides["bots"] = link.bots
        if link.daily:
            from ui import daily

            daily.mark_started(app.store, link.daily, game)
        app.load_game(game)
        self._forget_link_address()
        self.show_new_table(
            app,
            _("The deal of the day has started.")
            if link.daily
            else _("The shared deal has started."),
        )

    def _forget_link_address(self) -> None:
        """Reloading the page resumes the game instead of starting the link again."""
        query = share.without_link(str(window.location.search))
        window.history.replaceState(None, "", str(window.location.pathname) + query)

    def copy_link(self, button_el: Any) -> None:
        target = button_el.getAttribute("data-target") if button_el is not None else None
        field = node(document.getElementById(str(target))) if target else None
        if field is None:
            return
        field.select()
        try:
            window.navigator.clipboard.writeText(field.value)
        except Exception:  # noqa: BLE001 (no clipboard: the text stays selected to copy)
            document.execCommand("copy")
        self.announce(
            _("Hand record copied.") if target == "hand-record-text" else _("Link copied.")
        )

    # ------------------------------------------------------------------ files
    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        blob = window.Blob.new(to_js([text]), to_js({"type": mime}))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = filename
        a.rel = "noopener"
        document.body.append(a)
        a.click()
        a.remove()
        revoke = create_proxy(lambda *_a: window.URL.revokeObjectURL(url))
        window.setTimeout(revoke, 10_000)

    def export_game(self) -> None:
        app = self.app
        if app is None or app.game is None:
            return
        stamp = time.strftime("%Y%m%d-%H%M")
        self.download(f"fivehundred-{stamp}.json", app.game.to_json())
        self.close_dialog()

    # ------------------------------------------------------------------ hand records
    def download_hand(self) -> None:
        app = self.app
        if app is None or app.game is None or not 0 <= self.export_index < len(app.game.deals):
            return
        from game.handrecord import format_hand
        from ui import render_handrecord

        text = format_hand(app.game, self.export_index, human=HUMAN)
        name = render_handrecord.hand_filename(app, self.export_index)
        self.download(name, text, "text/plain")

    def on_import_hand_file(self, evt: Any) -> None:
        file = _picked_file(evt)
        if file is not None:
            asyncio.ensure_future(self._import_hand(file))

    async def _import_hand(self, file: Any) -> None:
        from game.handrecord import MAX_RECORD_CHARS

        if int(file.size) > 4 * MAX_RECORD_CHARS:  # refused unread
            self._hand_import_failed(record_error_text("too-big"))
            return
        try:
            text = str(await file.text())
        except Exception as exc:  # noqa: BLE001
            print(f"import: the file cannot be read: {exc}")  # for the console only
            self._hand_import_failed(_("The file could not be read."))
            return
        self.read_hand_record(text)

    def read_hand_record(self, text: str) -> None:
        """Read a pasted or loaded record: on success offer to play it again."""
        app = self.app
        assert app is not None
        from game.handrecord import parse_hand

        try:
            record = parse_hand(text)
        except RecordError as exc:
            print(f"import: the hand record cannot be read: {exc}")  # for the console only
            self._hand_import_failed(error_text(exc))
            return
        self.imported = record
        self.imported_parks = parked.in_progress(app.game) and app.load_error is None
        self.open_dialog("imported")

    def _hand_import_failed(self, reason: str) -> None:
        from ui import render_handrecord

        self.open_dialog("import-hand", render_handrecord.render_import_hand(reason))

    def play_hand_again(self) -> None:
        app, record = self.app, self.imported
        if app is None or record is None:
            return
        if not app.play_deal_again(record):
            from ui import render_dialogs as dialogs

            self.open_dialog(
                "message",
                dialogs.render_message(
                    _("The deal cannot be played now"),
                    _("The game in progress could not be set aside: storage is full."),
                ),
            )
            return
        self.show_new_table(app, _("The deal is dealt again: good luck."))

    def resume_parked(self) -> None:
        app = self.app
        if app is None or not app.resume_parked():
            return
        self.show_new_table(app, _("Back to the game you left."))

    def on_import_file(self, evt: Any) -> None:
        file = _picked_file(evt)
        if file is not None:
            asyncio.ensure_future(self._import(file))

    async def _import(self, file: Any) -> None:
        app = self.app
        assert app is not None
        error: str | None = None
        text = ""
        if int(file.size) > 4 * MAX_SAVE_CHARS:  # 4 bytes per character at most, in UTF-8
            error = save_error_text("too-big")  # refused unread
        else:
            try:
                text = str(await file.text())
            except Exception as exc:  # noqa: BLE001
                print(f"import: the file cannot be read: {exc}")  # for the console only
                error = _("The file could not be read.")
        from ui import render_dialogs as dialogs
        from ui.replay import replay_in_slices

        # Replayed in slices: the page never freezes, however long the file.
        result = await replay_in_slices(text) if error is None else None
        if result is None or result.game is None:
            reason = error or (result.error if result else "") or ""
            self.open_dialog(
                "message",
                dialogs.render_message(_("This file cannot be loaded"), reason),
            )
            return
        app.load_game(result.game)
        self.show_new_table(app, _("Game imported."))

    def refresh_notice(self) -> None:
        app = self.app
        self.notice(app.store.problem if app is not None else None)
