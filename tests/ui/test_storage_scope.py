"""Two deployments on one origin (``user.github.io/a/`` and ``/b/``) keep their own entries;
the first visit to a new scope copies the plain entries written before keys had scopes."""

from __future__ import annotations

from fakes import make_app, run

from game import new_game
from ui.daily import DAILY_KEY
from ui.history import HISTORY_KEY
from ui.storage import (
    ADOPTED_KEY,
    PLAYING_TAB_KEY,
    SAVE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryBackend,
    Store,
    is_root_key,
    scoped_key,
    site_scope,
)


def test_the_scope_is_the_pages_directory():
    assert site_scope("/") == "/"
    assert site_scope("/a/") == "/a/"
    assert site_scope("/a/index.html") == "/a/"
    assert site_scope("/user/repo/sub/") == "/user/repo/sub/"
    assert site_scope("/caf%C3%A9/") == "/caf%C3%A9/"  # as location.pathname spells it


def test_the_root_scope_keeps_the_plain_names_and_others_are_prefixed():
    for key in (SAVE_KEY, SETTINGS_KEY, HISTORY_KEY, DAILY_KEY):
        assert scoped_key(key, "/") == key
    assert scoped_key(SAVE_KEY, "/a/") == "fivehundred./a/:save"
    assert scoped_key(HISTORY_KEY + ".damaged", "/a/b/") == "fivehundred./a/b/:history.damaged"
    assert is_root_key(SAVE_KEY) and not is_root_key(scoped_key(SAVE_KEY, "/a/"))
    # Nested deployments do not overlap: /a/'s names are not a prefix of /a/b/'s.
    assert not scoped_key(SAVE_KEY, "/a/b/").startswith(scoped_key("fivehundred.", "/a/"))


def test_every_access_goes_through_the_scope():
    backend = MemoryBackend()
    store = Store(backend, scope="/a/")
    assert store.put(SETTINGS_KEY, "{}") and store.get(SETTINGS_KEY) == "{}"
    assert store.key(SETTINGS_KEY) == "fivehundred./a/:settings"
    assert backend.data == {"fivehundred./a/:settings": "{}"}
    store.remove(SETTINGS_KEY)
    assert backend.data == {}


def test_two_scopes_on_one_backend_are_isolated_and_the_root_is_untouched():
    backend = MemoryBackend()
    root, a, b = (Store(backend, scope=s) for s in ("/", "/a/", "/b/"))
    root.save_game(new_game(seed=1))
    root_entries = dict(backend.data)
    for store in (a, b):
        store.adopt_root_entries()
    a.clear_game()
    a.save_game(new_game(seed=2))
    b.save_json(STATS_KEY, {"games": 9})
    assert a.load_game().game == new_game(seed=2)
    assert b.load_game().game == new_game(seed=1)  # its copy of the old save
    assert a.load_json(STATS_KEY) is None and b.load_json(STATS_KEY) == {"games": 9}
    assert root.load_game().game == new_game(seed=1)
    assert {k: v for k, v in backend.data.items() if is_root_key(k)} == root_entries


def test_the_first_visit_copies_the_plain_entries_never_moves_them():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, new_game(seed=4).to_json())
    backend.setItem(SETTINGS_KEY, '{"language": "fr"}')
    backend.setItem(HISTORY_KEY + ".damaged", "[")
    backend.setItem("unrelated", "x")
    store = Store(backend, scope="/a/")
    assert store.adopt_root_entries() == 3
    assert store.load_game().game == new_game(seed=4)
    assert store.get(SETTINGS_KEY) == '{"language": "fr"}'
    assert store.get(HISTORY_KEY + ".damaged") == "["
    assert backend.getItem(SAVE_KEY) is not None  # still there for the other deployments
    assert backend.getItem(SETTINGS_KEY) == '{"language": "fr"}'
    assert store.get(ADOPTED_KEY) is not None
    assert "fivehundred./a/:unrelated" not in backend.data


def test_copying_never_overwrites_and_happens_once():
    backend = MemoryBackend()
    backend.setItem(SETTINGS_KEY, '{"language": "fr"}')
    backend.setItem(STATS_KEY, '{"games": 1}')
    store = Store(backend, scope="/a/")
    store.put(SETTINGS_KEY, '{"language": "ko"}')  # this scope's own: kept
    assert store.adopt_root_entries() == 1
    assert store.get(SETTINGS_KEY) == '{"language": "ko"}'
    assert store.get(STATS_KEY) == '{"games": 1}'
    store.remove(STATS_KEY)
    backend.setItem(SAVE_KEY, "written later at the root")
    assert store.adopt_root_entries() == 0  # once only: nothing comes back
    assert store.get(STATS_KEY) is None and store.get(SAVE_KEY) is None
    assert Store(backend).adopt_root_entries() == 0  # the root itself copies nothing


def test_other_scopes_entries_are_not_copied():
    backend = MemoryBackend()
    Store(backend, scope="/b/").put(SAVE_KEY, "b's")
    store = Store(backend, scope="/a/")
    assert store.adopt_root_entries() == 0 and store.get(SAVE_KEY) is None


def test_a_copy_that_does_not_fit_is_tried_again_at_the_next_visit():
    backend = MemoryBackend()
    backend.setItem(SAVE_KEY, "s" * 500)
    backend.quota = len(SAVE_KEY) + 500 + 100
    store = Store(backend, scope="/a/")
    assert store.adopt_root_entries() == 0 and store.problem is not None
    assert store.get(ADOPTED_KEY) is None
    backend.quota = None
    assert store.adopt_root_entries() == 1 and store.get(SAVE_KEY) == "s" * 500


def test_blocked_storage_copies_nothing_and_says_so():
    store = Store(MemoryBackend(blocked=True), scope="/a/")
    assert store.adopt_root_entries() == 0 and store.problem_blocked
    assert Store(None, scope="/a/").adopt_root_entries() == 0


def test_the_other_tab_event_names_the_scoped_key():
    backend = MemoryBackend()
    a, _sa, _ba = make_app(overrides={"speed": "instant", "seed": 5}, backend=backend, scope="/a/")
    a.boot()
    run(a.run())
    b, _sb, _bb = make_app(overrides={"speed": "instant"}, backend=backend, scope="/a/")
    b.boot()
    assert backend.data["fivehundred./a/:playing-tab"] == b.tab
    a.storage_changed(PLAYING_TAB_KEY, b.tab)  # another deployment's plain key: not ours
    assert not a.elsewhere
    a.storage_changed("fivehundred./b/:playing-tab", b.tab)
    assert not a.elsewhere
    a.storage_changed("fivehundred./a/:playing-tab", b.tab)
    assert a.elsewhere and not b.elsewhere
