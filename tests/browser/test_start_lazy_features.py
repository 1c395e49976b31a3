"""The dialogs, links, files and error messages whose modules the start leaves out
(tests/ui/test_start_imports.py) import on first use: each works right after the page is
ready."""

from __future__ import annotations

import json

import pytest
from ui_helpers import open_game, problems

pytestmark = pytest.mark.browser


def open_from(page, opener: str | None, ui: str) -> None:
    """Click ``[data-ui=opener]`` (a tool, or the menu) then ``ui`` in it, and wait for the
    ``dialog-<ui>`` dialog."""
    if opener is not None:
        page.click(f"[data-ui={opener}]")
        page.locator("dialog.dialog-menu[open]").wait_for()
        page.click(f"dialog[open] [data-ui={ui}]")
    else:
        page.click(f"[data-ui={ui}]")
    page.locator(f"dialog.dialog-{ui}[open] h2").wait_for()


def close(page) -> None:
    page.click("dialog[open] [data-ui=dialog-close]")
    page.locator("dialog[open]").wait_for(state="detached")


def test_lazily_imported_dialogs_work_right_after_ready(site_url, new_context, wait_ready):
    page, recorder = open_game(new_context, site_url, "?speed=instant&fresh=1", wait_ready)

    open_from(page, None, "rules")  # ui.render_settings
    assert page.locator("dialog[open] .dialog-body").inner_text().strip()
    close(page)

    open_from(page, None, "settings")  # ui.render_settings, ui.options on a change
    assert page.input_value("dialog[open] [data-setting=preset]") != "custom"
    box = page.locator("dialog[open] input[type=checkbox][data-rule]").first
    was = box.is_checked()
    box.click()
    page.wait_for_function("document.querySelector('[data-setting=preset]').value === 'custom'")
    assert page.locator("dialog[open] input[type=checkbox][data-rule]").first.is_checked() != was
    close(page)

    for ui in ("stats", "history", "share", "import-hand"):  # history, charts, share, records
        open_from(page, "menu", ui)
        assert page.locator("dialog[open] .dialog-body").count() == 1
        close(page)

    assert problems(recorder) == []


def test_links_files_and_error_messages_work_right_after_ready(
    site_url, new_context, wait_ready, tmp_path
):
    # ui.share and ui.page_dialogs load only for a link: this one starts its deal at once
    page, recorder = open_game(new_context, site_url, "?speed=instant&deal=77", wait_ready)
    page.wait_for_function("!location.search.includes('deal=')")
    assert json.loads(page.evaluate("localStorage.getItem('fivehundred.save')"))["seed"] == 77

    # a file that is not a game: ui.errors_text's message, in ui.page_dialogs' dialog
    bad = tmp_path / "bad.json"
    bad.write_text("this is not a game", encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.locator("dialog[open]").wait_for()
    assert "cannot be loaded" in page.inner_text("dialog[open]")
    close(page)

    open_from(page, "menu", "import-hand")  # a damaged hand record pasted: why it is refused
    page.fill("#hand-import-text", "Five Hundred hand record 1\nRules: canasta\n")
    page.click("dialog[open] [data-ui=hand-import-read]")
    assert "canasta" in page.inner_text("dialog[open] .reason")
    close(page)

    open_from(page, None, "settings")  # saving settings (no rule changed): no new game
    page.click("dialog[open] [data-ui=settings-save]")
    page.locator("dialog[open]").wait_for(state="detached")
    assert json.loads(page.evaluate("localStorage.getItem('fivehundred.save')"))["seed"] == 77
    assert problems(recorder) == []
