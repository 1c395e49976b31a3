"""The page's dialogs, shared links, downloads and file import (ui/dom.py's ``Page`` calls
these): imported when the player first opens a dialog or a link, not at the start, which
compiles only what the first screen needs (tests/ui/test_start_imports.py).

Each function takes the ``Page``, which keeps their state (the settings draft, the link to
confirm, the hand record read)::

    from ui import page_dialogs
    page_dialogs.on_ui(page, "settings-save", el)
    html = page_dialogs.dialog_html(page, "menu")
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from game import RecordError
from ui import parked, share
from ui.dom import HUMAN, apply_looks, is_disabled, node, today
from ui.errors_text import error_text, record_error_text, save_error_text
from ui.html import button
from ui.i18n import _
from ui.settings import FLAGS, Settings, clean_name, preset_of
from ui.storage import BAD_SAVE_KEY, BAD_STATS_KEY, MAX_SAVE_CHARS, SAVE_KEY, SETTINGS_KEY

if TYPE_CHECKING:
    from ui.dom import Page


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


# ---------------------------------------------------------------------- buttons
def on_ui(page: Page, ui: str, el: Any = None) -> None:
    """A ``data-ui`` button of a dialog, the menu or a link (the game's own are Page's)."""
    app = page.app
    assert app is not None
    if ui == "review-imported" and page.imported is not None:
        if app.open_review(page.imported.replay(), 0):
            page.review_export = None
            page.open_dialog("review")
    elif ui == "review" and el is not None:
        open_review(page, str(el.getAttribute("data-source")), int(el.getAttribute("data-hand")))
    elif ui.startswith("review-") and app.review is not None:
        where = ui.removeprefix("review-")
        if where == "goto" and el is not None:
            app.review_move(int(el.getAttribute("data-step") or 0))
        else:
            app.review_move(where)
        refresh_review(page)
    elif ui == "history-open" and el is not None:
        page.history_index = int(el.getAttribute("data-index") or -1)
        page.open_dialog("history-game")
    elif ui == "daily-play":
        open_link(page, share.daily_link(today()))
    elif ui == "link-play":
        play_link(page)
    elif ui == "copy-link":
        copy_link(page, el)
    elif ui == "settings-save":
        save_settings(page)
    elif ui == "rules-confirmed":
        apply_settings(page, page.draft, new_game=True)
    elif ui == "export":
        export_game(page)
    elif ui == "export-hand" and el is not None:
        page.export_index = int(el.getAttribute("data-hand") or -1)
        page.open_dialog("export-hand")
    elif ui == "download-hand":
        download_hand(page)
    elif ui == "import-hand":
        page.open_dialog("import-hand")
    elif ui == "hand-import-read":
        field = node(document.getElementById("hand-import-text"))
        read_hand_record(page, str(field.value) if field is not None else "")
    elif ui == "hand-import-file":
        node(document.getElementById("import-hand-file")).click()
    elif ui == "hand-play-again":
        play_hand_again(page)
    elif ui == "resume-parked":
        resume_parked(page)
    elif ui == "import":
        page.close_dialog()
        node(document.getElementById("import-file")).click()
    elif ui == "play-here":
        app.play_here()
        page.last_html.clear()
        page.close_dialog()
        page.render_now()
    elif ui == "download-bad-stats":
        key = app.store.key(BAD_STATS_KEY)
        window.fivehundredPage.downloadStored(key, "fivehundred-bad-stats.json")
    elif ui == "download-bad-save":
        # Read and written by the page's script straight from storage: the file is byte
        # for byte what was stored, even characters Python could not hold (lone
        # surrogates). The bad save is still under SAVE_KEY until a new game moves it.
        key = SAVE_KEY if app.load_error is not None else BAD_SAVE_KEY
        window.fivehundredPage.downloadStored(app.store.key(key), "fivehundred-bad-save.json")


# ---------------------------------------------------------------------- dialogs
def dialog_html(page: Page, kind: str) -> str | None:
    """The content of the dialog ``kind``, or None when it has nothing to show."""
    app = page.app
    assert app is not None
    # Each dialog's module is imported when it first opens, not at the start.
    from ui import render_dialogs as dialogs

    if kind == "sheet":
        return dialogs.render_sheet_dialog(app)
    if kind == "rules":
        from ui.render_settings import render_rules_page

        rules = app.game.rules if app.game else app.settings.rules()
        return render_rules_page(rules, preset_of(rules))
    if kind == "settings":
        from ui.render_settings import render_settings

        if page.dialog_kind != "settings" or page.draft is None:
            page.draft = app.settings.copy()
            page.draft_message = ""
        return render_settings(page.draft, page.draft_message)
    if kind == "menu":
        return dialogs.render_menu(parked.count(app.store))
    if kind in ("export-hand", "import-hand", "imported"):
        return _hand_record_dialog(page, kind)
    if kind in ("share", "daily", "link-confirm"):
        return _share_dialog(page, kind)
    if kind in ("stats", "history", "history-game"):
        return _history_dialog(page, kind)
    if kind == "review":
        from ui.render_review import render_review  # the solver loads on first use

        return render_review(app, export_hand=page.review_export)
    if kind == "end":
        return dialogs.render_end(app)
    if kind == "elsewhere":
        return dialogs.render_elsewhere()
    if kind == "bad-save":
        return dialogs.render_bad_save(app.load_error[0] if app.load_error else "")
    if kind == "confirm-new":
        return dialogs.render_confirm(
            _("Start a new game?"),
            _("The game in progress will be lost."),
            _("New game"),
            "new-game-confirmed",
        )
    return None


def _hand_record_dialog(page: Page, kind: str) -> str | None:
    from ui import render_handrecord

    app = page.app
    assert app is not None
    if kind == "export-hand":
        if app.game is None or not 0 <= page.export_index < len(app.game.deals):
            return None
        return render_handrecord.render_export_hand(app, page.export_index)
    if kind == "import-hand":
        return render_handrecord.render_import_hand()
    if page.imported is None:
        return None
    review = ""
    if page.imported.replay().hands_played:  # a finished hand: it can be reviewed
        review = button(_("Review this hand"), "review-imported")
    return render_handrecord.render_imported(app, page.imported, page.imported_parks, more=review)


def _share_dialog(page: Page, kind: str) -> str | None:
    from ui import render_share

    app = page.app
    assert app is not None
    if kind == "share":
        return render_share.render_share(app, page_address())
    if kind == "daily":
        return render_share.render_daily(app, today())
    if page.pending_link is None:
        return None
    return render_share.render_link_confirm(page.pending_link)


def _history_dialog(page: Page, kind: str) -> str:
    from ui import render_history

    app = page.app
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
    return render_history.render_past_game(app, page.history_index)


# ---------------------------------------------------------------------- hand review
def open_review(page: Page, source: str, hand_index: int) -> None:
    """Open the review of a hand of the game on the table or of the past game open in
    the history (a sheet row's or the end-of-hand card's button)."""
    app = page.app
    assert app is not None
    game = app.game
    if source == "history":
        from ui import history

        games = history.load(app.store)["games"]
        entry = games[page.history_index] if 0 <= page.history_index < len(games) else None
        game = history.past_game(entry) if entry is not None else None
    if game is not None and app.open_review(game, hand_index):
        # A hand of the game on the table can be exported from its review.
        played = game.hands_played
        page.review_export = (
            played[hand_index].get("hand", hand_index) if source != "history" else None
        )
        page.open_dialog("review")


def refresh_review(page: Page) -> None:
    """Put the review's new state in the open dialog, keeping the focused button."""
    app = page.app
    if app is None or page.dialog_kind != "review" or not page.dialog.open:
        return
    from ui.render_review import render_review

    html = render_review(app, export_hand=page.review_export)
    if html == page.last_html.get("dialog-review"):
        return
    active = node(document.activeElement)
    key = None
    if active is not None and page.dialog.contains(active):
        key = (active.getAttribute("data-ui"), active.getAttribute("data-step"))
    body = node(page.dialog.querySelector(".dialog-body"))
    scroll = body.scrollTop if body is not None else 0
    page.dialog.innerHTML = html
    page.last_html["dialog-review"] = html
    body = node(page.dialog.querySelector(".dialog-body"))
    if body is not None:
        body.scrollTop = scroll
    if key is not None and key[0]:
        selector = f"[data-ui='{key[0]}']"
        if key[1]:
            selector += f"[data-step='{key[1]}']"
        target = node(page.dialog.querySelector(selector))
        if target is not None and is_disabled(target):
            target = node(page.dialog.querySelector("[data-ui='review-goto'].current"))
        if target is not None:
            target.focus()


# ---------------------------------------------------------------------- settings
def on_form_change(page: Page, evt: Any) -> None:
    """A change in the settings dialog: update the draft and show it again."""
    if page.dialog_kind != "settings" or page.draft is None:
        return
    from ui.options import adjust_rules, parse_value
    from ui.render_settings import render_settings

    el = evt.target
    draft = page.draft
    rule = el.getAttribute("data-rule")
    setting = el.getAttribute("data-setting")
    message = ""
    if rule:
        name = str(rule)
        try:
            value = bool(el.checked) if el.type == "checkbox" else parse_value(name, str(el.value))
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
    page.draft_message = message
    focused_id = el.id
    scroll = node(page.dialog.querySelector(".dialog-body"))
    top = scroll.scrollTop if scroll is not None else 0
    page.dialog.innerHTML = render_settings(draft, message)
    scroll = node(page.dialog.querySelector(".dialog-body"))
    if scroll is not None:
        scroll.scrollTop = top
    if focused_id:
        again = node(document.getElementById(focused_id))
        if again is not None:
            again.focus(to_js({"preventScroll": True}))


def on_form_input(page: Page, evt: Any) -> None:
    """Typing a name: keep it in the draft (the form is re-rendered on other changes)."""
    el = evt.target
    if page.draft is None or el.getAttribute("data-setting") != "name":
        return
    page.draft.names[int(el.getAttribute("data-seat"))] = clean_name(str(el.value))


def save_settings(page: Page) -> None:
    app = page.app
    draft = page.draft
    if app is None or draft is None:
        return
    for el in page.dialog.querySelectorAll("[data-setting='name']"):
        draft.names[int(el.getAttribute("data-seat"))] = clean_name(str(el.value))
    rules_changed = app.game is None or draft.rules() != app.game.rules
    if rules_changed:
        from ui import render_dialogs as dialogs

        page.open_dialog(
            "confirm-rules",
            dialogs.render_confirm(
                _("Start a new game with these rules?"),
                _("Changing the rules starts a new game: the game in progress will be lost."),
                _("Start new game"),
                "rules-confirmed",
            ),
        )
        return
    apply_settings(page, draft, new_game=False)


def apply_settings(page: Page, draft: Settings | None, new_game: bool) -> None:
    app = page.app
    if app is None or draft is None:
        return
    language_changed = draft.language != app.settings.language
    app.settings = draft.copy()
    app.store.put(SETTINGS_KEY, app.settings.to_json())
    page.draft = None
    apply_looks(app.settings)
    page.close_dialog()
    if new_game:
        app.overrides.pop("preset", None)
        app.new_game(app.settings.rules())
        page.last_html.clear()
    if language_changed:
        # Every string is rendered in the language chosen at start-up: load the page
        # again (without one-off URL parameters such as ?fresh=1 or ?lang=).
        window.location.replace(window.location.pathname)
        return
    page.refresh_notice()
    page.render()
    app.kick()


# ---------------------------------------------------------------------- shared deals
def open_link(page: Page, link: share.Link | None) -> None:
    """A shared or daily game asked for (by the URL or the menu): play it, after asking
    when it would replace a game in progress."""
    app = page.app
    if link is None or app is None:
        return
    page.pending_link = link
    g = app.game
    in_progress = (
        app.load_error is None
        and g is not None
        and g.phase != "over"
        and bool(g.actions or g.hands_played)
    )
    if in_progress and g is not None and share.start_game(link) == g:
        page.pending_link = None  # the link's game is the one being played
        _forget_link_address()
    elif in_progress:
        page.open_dialog("link-confirm")
    else:
        play_link(page)


def play_link(page: Page) -> None:
    app, link = page.app, page.pending_link
    if app is None or link is None:
        return
    page.pending_link = None
    game = share.start_game(link)
    if link.bots:
        app.overrides["bots"] = link.bots
    if link.daily:
        from ui import daily

        daily.mark_started(app.store, link.daily, game)
    app.load_game(game)
    _forget_link_address()
    page.show_new_table(
        app,
        _("The deal of the day has started.") if link.daily else _("The shared deal has started."),
    )


def _forget_link_address() -> None:
    """Reloading the page resumes the game instead of starting the link again."""
    query = share.without_link(str(window.location.search))
    window.history.replaceState(None, "", str(window.location.pathname) + query)


def copy_link(page: Page, button_el: Any) -> None:
    target = button_el.getAttribute("data-target") if button_el is not None else None
    field = node(document.getElementById(str(target))) if target else None
    if field is None:
        return
    field.select()
    try:
        window.navigator.clipboard.writeText(field.value)
    except Exception:  # noqa: BLE001 (no clipboard: the text stays selected to copy)
        document.execCommand("copy")
    page.announce(_("Hand record copied.") if target == "hand-record-text" else _("Link copied."))


# ---------------------------------------------------------------------- files
def download(filename: str, text: str, mime: str = "application/json") -> None:
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


def export_game(page: Page) -> None:
    app = page.app
    if app is None or app.game is None:
        return
    stamp = time.strftime("%Y%m%d-%H%M")
    download(f"fivehundred-{stamp}.json", app.game.to_json())
    page.close_dialog()


def on_import_file(page: Page, evt: Any) -> None:
    """A saved game's file picked (the menu's Import): load it."""
    file = _picked_file(evt)
    if file is not None:
        asyncio.ensure_future(_import(page, file))


async def _import(page: Page, file: Any) -> None:
    app = page.app
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
        page.open_dialog(
            "message",
            dialogs.render_message(_("This file cannot be loaded"), reason),
        )
        return
    app.load_game(result.game)
    page.show_new_table(app, _("Game imported."))


# ---------------------------------------------------------------------- hand records
def download_hand(page: Page) -> None:
    app = page.app
    if app is None or app.game is None or not 0 <= page.export_index < len(app.game.deals):
        return
    from game.handrecord import format_hand
    from ui import render_handrecord

    text = format_hand(app.game, page.export_index, human=HUMAN)
    name = render_handrecord.hand_filename(app, page.export_index)
    download(name, text, "text/plain")


def on_import_hand_file(page: Page, evt: Any) -> None:
    """A hand record's file picked: read it."""
    file = _picked_file(evt)
    if file is not None:
        asyncio.ensure_future(_import_hand(page, file))


async def _import_hand(page: Page, file: Any) -> None:
    from game.handrecord import MAX_RECORD_CHARS

    if int(file.size) > 4 * MAX_RECORD_CHARS:  # refused unread
        _hand_import_failed(page, record_error_text("too-big"))
        return
    try:
        text = str(await file.text())
    except Exception as exc:  # noqa: BLE001
        print(f"import: the file cannot be read: {exc}")  # for the console only
        _hand_import_failed(page, _("The file could not be read."))
        return
    read_hand_record(page, text)


def read_hand_record(page: Page, text: str) -> None:
    """Read a pasted or loaded record: on success offer to play it again."""
    app = page.app
    assert app is not None
    from game.handrecord import parse_hand

    try:
        record = parse_hand(text)
    except RecordError as exc:
        print(f"import: the hand record cannot be read: {exc}")  # for the console only
        _hand_import_failed(page, error_text(exc))
        return
    page.imported = record
    page.imported_parks = parked.in_progress(app.game) and app.load_error is None
    page.open_dialog("imported")


def _hand_import_failed(page: Page, reason: str) -> None:
    from ui import render_handrecord

    page.open_dialog("import-hand", render_handrecord.render_import_hand(reason))


def play_hand_again(page: Page) -> None:
    app, record = page.app, page.imported
    if app is None or record is None:
        return
    if not app.play_deal_again(record):
        from ui import render_dialogs as dialogs

        page.open_dialog(
            "message",
            dialogs.render_message(
                _("The deal cannot be played now"),
                _("The game in progress could not be set aside: storage is full."),
            ),
        )
        return
    page.show_new_table(app, _("The deal is dealt again: good luck."))


def resume_parked(page: Page) -> None:
    app = page.app
    if app is None or not app.resume_parked():
        return
    page.show_new_table(app, _("Back to the game you left."))
