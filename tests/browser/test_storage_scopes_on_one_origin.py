"""Two deployments on one origin (user.github.io/a/ and /b/) keep their own saves, settings
and statistics; the root keeps the plain key names, and a new scope starts from a copy of the
plain entries written before keys had scopes."""

from __future__ import annotations

import json

import pytest
from serve import start_server  # tools/ is on sys.path (conftest.py)
from ui_helpers import ROOT_URL_PARAMS, human_step, problems, wait_turn

pytestmark = pytest.mark.browser

QUERY = "?speed=instant&bots=easy"
ENTRIES = "() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage[k]]))"


def scoped_save(page, scope: str) -> dict:
    raw = page.evaluate("(k) => localStorage.getItem(k)", f"fivehundred.{scope}:save")
    return json.loads(raw) if raw else {}


def rescue_keys(page) -> list[str]:
    """The keys the boot watchdog's "Download the stored data" would hold."""
    return sorted(json.loads(page.evaluate("fivehundredPage.storedData()")))


@pytest.fixture(scope="module")
def origin(dist_dir, tmp_path_factory, stop):
    """One origin serving the built site at /, /a/ and /b/ (symbolic links to dist/)."""
    root = tmp_path_factory.mktemp("origin")
    for entry in dist_dir.iterdir():
        (root / entry.name).symlink_to(entry)
    for name in ("a", "b"):
        (root / name).symlink_to(dist_dir)
    server, url = start_server(root, port=0)
    yield url
    stop(server)


def test_deployments_on_one_origin_keep_their_own_games(origin, new_context, wait_ready):
    context, recorder = new_context(service_workers="block")
    root = context.new_page()
    root.goto(origin + f"?{ROOT_URL_PARAMS}&seed=3")
    wait_ready(root)
    wait_turn(root)
    root.evaluate("localStorage.setItem('fivehundred.settings', JSON.stringify({language: 'fr'}))")
    before = root.evaluate(ENTRIES)
    root.close()
    assert "fivehundred.save" in before
    assert all(not k.startswith("fivehundred./") for k in before)

    # The first visit to /a/ starts from a copy of the plain entries: same game, same language.
    a = context.new_page()
    a.goto(origin + "a/" + QUERY)
    wait_ready(a)
    assert a.evaluate("document.documentElement.lang") == "fr"
    assert scoped_save(a, "/a/") == json.loads(before["fivehundred.save"])
    human_step(a)
    a.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('fivehundred./a/:save')).actions.length > n",
        arg=len(json.loads(before["fivehundred.save"])["actions"]),
    )
    wait_turn(a)  # the bots have played up to the human again: /a/'s save is at rest
    a_save = scoped_save(a, "/a/")

    # /b/ never sees /a/'s game: it has its own copy of the root's.
    b = context.new_page()
    b.goto(origin + "b/" + QUERY)
    wait_ready(b)
    wait_turn(b)
    assert b.locator("dialog[open] [data-ui=play-here]").count() == 0  # not "another tab"
    assert scoped_save(b, "/b/") == json.loads(before["fivehundred.save"]) != a_save
    assert scoped_save(a, "/a/") == a_save
    assert a.locator("dialog[open] [data-ui=play-here]").count() == 0

    # The root's entries are untouched; the rescue screen's data is each scope's own.
    after = b.evaluate(ENTRIES)
    assert {k: v for k, v in after.items() if not k.startswith("fivehundred./")} == before
    assert rescue_keys(a) and all(k.startswith("fivehundred./a/:") for k in rescue_keys(a))
    assert rescue_keys(b) and all(k.startswith("fivehundred./b/:") for k in rescue_keys(b))
    assert b.evaluate("fivehundredPage.scope") == "/b/"
    b.evaluate("fivehundredPage.scope = '/'")  # the root's view (the filter reads page.scope)
    assert rescue_keys(b) == sorted(before)  # at the root: the plain keys, not /a/'s or /b/'s
    b.evaluate("fivehundredPage.scope = '/b/'")
    assert problems(recorder) == []
