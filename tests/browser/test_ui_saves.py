"""Saving: reload mid-trick resumes exactly, a bad save is reported (never dropped), settings
and statistics persist, export and import of a game file."""

from __future__ import annotations

import json

import pytest
from ui_helpers import (
    ROOT_URL_PARAMS,
    human_step,
    open_game,
    phase,
    problems,
    put_save,
    saved,
    wait_turn,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def game_page(site_url, new_context, wait_ready):
    """One page (one browser context, one localStorage) shared by this module's tests."""
    return open_game(new_context, site_url, f"?{ROOT_URL_PARAMS}&seed=7", wait_ready)


def table_state(page) -> dict:
    return {
        "hand": page.eval_on_selector_all(
            "#region-hand [data-card]", "els => els.map((e) => e.dataset.card)"
        ),
        "trick": page.eval_on_selector_all(
            "#region-centre [data-played]", "els => els.map((e) => e.dataset.played)"
        ),
        "phase": phase(page),
        "to_act": page.get_attribute("#table", "data-to-act"),
        "scores": page.eval_on_selector_all(
            "[data-score-side]", "els => els.map((e) => e.textContent)"
        ),
    }


def test_reload_mid_trick_resumes_the_same_state(game_page, site_url, wait_ready):
    page, recorder = game_page
    # play until it is the human's turn in the middle of a trick (a card already led)
    for _ in range(400):
        wait_turn(page)
        if phase(page) == "play" and page.locator("#region-centre [data-played]").count():
            if page.locator("#region-hand .card:not([disabled])").count():
                break
        human_step(page)
    else:
        pytest.fail("never reached the middle of a trick")
    before = table_state(page)
    save_before = saved(page)
    assert before["trick"], "a trick is in progress"
    page.goto(site_url + "?speed=instant")
    wait_ready(page)
    wait_turn(page)
    assert saved(page) == save_before
    assert table_state(page) == before
    assert problems(recorder) == []


def test_bots_continue_after_a_reload(game_page, site_url, wait_ready):
    page, recorder = game_page
    # the human passes or plays, then reload at once while the (slow) bots still have to act
    page.goto(site_url + "?speed=slow")
    wait_ready(page)
    wait_turn(page)
    human_step(page)
    count = len(saved(page)["actions"])
    page.goto(site_url + "?speed=fast")
    wait_ready(page)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('fivehundred.save')).actions.length > {count}"
    )
    assert problems(recorder) == []


def test_corrupt_save_shows_a_message_and_offers_the_download(game_page, site_url, wait_ready):
    page, recorder = game_page
    bad = '{"format": "fivehundred-game", "version": 1, "rules": {"players": 5}, "seed": 1}'
    put_save(page, site_url, bad)  # once the bots wait: they would save over it
    page.goto(site_url)
    wait_ready(page)
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    assert "could not be loaded" in dialog.inner_text()
    # the reason is a sentence of the catalogues (its English detail goes to the console)
    assert "its rules are invalid" in dialog.locator("[data-reason]").inner_text()
    with page.expect_download() as info:
        dialog.locator("[data-ui=download-bad-save]").click()
    path = info.value.path()
    assert open(path, encoding="utf-8").read() == bad
    # still there until the player chooses: a reload shows the same message
    page.reload()
    wait_ready(page)
    page.locator("dialog[open] [data-ui=download-bad-save]").wait_for()
    page.click("dialog[open] [data-ui=new-game-confirmed]")
    page.wait_for_selector("dialog[open]", state="detached")
    assert page.evaluate("localStorage.getItem('fivehundred.bad-save')") == bad
    assert saved(page)["format"] == "fivehundred-game"
    assert problems(recorder) == []


def test_settings_persist_across_reload(game_page, site_url, wait_ready):
    page, recorder = game_page
    page.click("[data-ui=settings]")
    dialog = page.locator("dialog[open]")
    dialog.locator("#set-speed").select_option("slow")
    dialog.locator("#set-four_colour").check()
    dialog.locator("#set-name-1").fill("Ada")
    dialog.locator("#set-level-3").select_option("hard")
    dialog.locator("[data-ui=settings-save]").click()
    page.wait_for_selector("dialog[open]", state="detached")
    assert "four-colour" in (page.get_attribute("body", "class") or "")
    page.goto(site_url)
    wait_ready(page)
    assert "four-colour" in (page.get_attribute("body", "class") or "")
    assert "Ada" in page.inner_text("#region-seats")
    page.click("[data-ui=settings]")
    dialog = page.locator("dialog[open]")
    assert dialog.locator("#set-speed").input_value() == "slow"
    assert dialog.locator("#set-four_colour").is_checked()
    assert dialog.locator("#set-name-1").input_value() == "Ada"
    assert dialog.locator("#set-level-3").input_value() == "hard"
    stored = json.loads(page.evaluate("localStorage.getItem('fivehundred.settings')"))
    assert stored["speed"] == "slow" and stored["names"][1] == "Ada"
    dialog.locator("[data-ui=dialog-close]").click()
    assert problems(recorder) == []


def test_rule_change_asks_then_starts_a_new_game(game_page):
    page, recorder = game_page
    page.click("[data-ui=settings]")
    dialog = page.locator("dialog[open]")
    dialog.locator("#set-preset").select_option("six-handed")
    assert dialog.locator("#rule-players").input_value() == "6"
    dialog.locator("#rule-target").select_option("1000")
    assert dialog.locator("#set-preset").input_value() == "custom"
    dialog.locator("[data-ui=settings-save]").click()
    page.locator("dialog[open] [data-ui=rules-confirmed]").click()
    page.wait_for_selector("#table[data-players='6']")
    assert page.locator("#region-seats .seat").count() == 6
    assert saved(page)["rules"]["target"] == 1000
    page.click("[data-ui=rules]")
    rules_text = page.inner_text("dialog[open]")
    assert "6 players" in rules_text and "Bid values" in rules_text
    page.click("dialog[open] [data-ui=dialog-close]")
    assert problems(recorder) == []


def test_export_and_import_a_game(game_page, tmp_path):
    page, recorder = game_page
    wait_turn(page)  # the bots of the new game have played up to the human's turn
    page.click("[data-ui=menu]")
    with page.expect_download() as info:
        page.click("dialog[open] [data-ui=export]")
    exported = open(info.value.path(), encoding="utf-8").read()
    assert json.loads(exported) == saved(page)
    # import a different game (the fixed Australian seed 3 game after one call)
    other = tmp_path / "other.json"
    game = json.loads(exported)
    game["rules"] = {}
    game["deals"] = game["deals"][:1]
    game["actions"] = []
    game["deals"][0] = {"dealer": 0, "hands": [], "kitty": []}
    other.write_text("this is not a game")
    page.set_input_files("#import-file", str(other))
    page.locator("dialog[open]").wait_for()
    assert "cannot be loaded" in page.inner_text("dialog[open]")
    page.click("dialog[open] [data-ui=dialog-close]")
    good = tmp_path / "good.json"
    good.write_text(exported)
    page.evaluate("localStorage.removeItem('fivehundred.save')")
    page.set_input_files("#import-file", str(good))
    page.wait_for_function("localStorage.getItem('fivehundred.save') !== null")
    assert saved(page)["deals"] == json.loads(exported)["deals"]
    assert problems(recorder) == []


def test_full_storage_still_plays_with_a_notice(site_url, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    context.add_init_script(
        """Storage.prototype.setItem = function () {
             throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""
    )
    page = context.new_page()
    page.goto(site_url + f"?{ROOT_URL_PARAMS}&seed=9")
    wait_ready(page)
    notice = page.locator("#notice")
    notice.wait_for()
    assert "not being saved" in notice.inner_text() or "will not be saved" in notice.inner_text()
    for _ in range(3):
        human_step(page)
    assert page.evaluate("localStorage.getItem('fivehundred.save')") is None
    assert problems(recorder) == []


def test_a_bad_save_downloads_byte_for_byte(game_page, site_url, wait_ready):
    """Lone surrogates included: the file decodes back to exactly the stored text."""
    page, recorder = game_page
    stored = "{\ud800 lone \udfff" + "x" * 30 + "}"
    put_save(page, site_url, stored)
    page.goto(site_url)
    wait_ready(page)
    with page.expect_download() as info:
        page.click("dialog[open] [data-ui=download-bad-save]")
    data = open(info.value.path(), "rb").read()
    assert data.decode("utf-8", "surrogatepass") == stored
    assert len(stored) == 40
    page.click("dialog[open] [data-ui=new-game-confirmed]")
    page.wait_for_selector("dialog[open]", state="detached")
    assert problems(recorder) == []


def test_a_3_mb_bad_save_survives_a_new_game(game_page, site_url, wait_ready):
    page, recorder = game_page
    bad = '{"format": "fivehundred-game", "junk": "' + "x" * 3_000_000 + '"}'
    put_save(page, site_url, bad)
    page.goto(site_url)
    wait_ready(page)
    page.click("dialog[open] [data-ui=new-game-confirmed]")
    page.wait_for_selector("dialog[open]", state="detached")
    assert page.evaluate("localStorage.getItem('fivehundred.bad-save')") == bad
    assert saved(page)["format"] == "fivehundred-game"
    assert page.is_hidden("#notice")
    page.evaluate("localStorage.removeItem('fivehundred.bad-save')")
    assert problems(recorder) == []


def test_fresh_is_dropped_from_the_address_once_used(game_page, site_url, wait_ready):
    page, recorder = game_page
    page.goto(site_url + "?speed=instant&fresh=1&seed=4")
    wait_ready(page)
    wait_turn(page)
    human_step(page)
    assert "fresh" not in page.url and "speed=instant" in page.url
    before = saved(page)
    page.reload()
    wait_ready(page)
    assert saved(page)["actions"][: len(before["actions"])] == before["actions"]
    assert problems(recorder) == []
