"""The layout check: at 1366×768, 1366×657 (that laptop's browser window), 1920×1080, 390×844
and 768×1024, in every language and preset, no text of the table, panels, score sheet or
dialogs is wider than its box or cut off, and no action of the panel is scrolled out of its
sight, at every moment of a hand (bidding with a full score sheet, the kitty, play, a finished
hand) and in the score sheet, rules and settings dialogs. The first game's guide is on (a new
player's page): on wide screens its tips take the score sheet's place, which shows again with
a finished hand; in the short window the tip's text scrolls in its own box. One page per
viewport: the language changes with a reload, the preset and the moment by importing
prepared saves.

Screenshots for review go to test-artifacts/ (table-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout_check import SETTLE, calls_out_of_sight, layout_problems
from table_states import open_misere_state, table_states
from ui_helpers import problems

from game import Game, Rules

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
VIEWPORTS = {
    "1366x768": {"width": 1366, "height": 768},
    "1366x657": {"width": 1366, "height": 657},  # a 1366x768 laptop's browser
    "1920x1080": {"width": 1920, "height": 1080},
    "390x844": {"width": 390, "height": 844},
    "360x740": {"width": 360, "height": 740},  # the narrowest common phone
    "768x1024": {"width": 768, "height": 1024},
    "1024x768": {"width": 1024, "height": 768},  # a tablet held sideways
}
LANGUAGES = ["en", "fr", "ro", "pl", "ko"]
DIALOGS = ["sheet", "rules", "settings"]
PRESET_DIALOGS = ["sheet", "rules"]  # the others look the same whatever the preset
SCREENSHOTS = {  # (viewport, language, preset, moment) -> file
    ("1366x768", "en", "six-handed", "play"): "table-six-handed-1366x768.png",
    ("1366x768", "en", "46-card-1000", "discard"): "table-46-card-1366x768.png",
    ("1366x768", "en", "46-card-1000", "play"): "table-46-card-play-1366x768.png",
    ("1366x768", "fr", "australian", "dialog-sheet"): "table-score-sheet-fr-1366x768.png",
    ("1366x768", "fr", "six-handed", "sheet"): "table-six-handed-guide-fr-1366x768.png",
    ("1366x768", "fr", "six-handed", "result"): "table-six-handed-sheet-fr-1366x768.png",
    ("1366x657", "fr", "australian", "sheet"): "table-guide-fr-1366x657.png",
    ("390x844", "en", "six-handed", "play"): "table-six-handed-390x844.png",
    ("360x740", "en", "five-handed", "result"): "table-five-handed-result-360x740.png",
    ("768x1024", "en", "australian", "play"): "table-australian-768x1024.png",
    ("768x1024", "en", "six-handed", "play"): "table-six-handed-768x1024.png",
}


# Item 10: the cards of a trick lie apart, each nearer its own player than any other player;
# no card hides any part of a plate (name, dealer, tricks won), no plate or later card
# hides a card's corner index, no plate lies over a fifth of a card's face (on a phone,
# six-handed East's lead lay half under East's plate, its corners in sight), and no contract
# hanging under a plate lies over another seat's plate (wider than a phone: five-handed's West
# and East, six's lower pair and a hand face up at a side seat on a narrow table).
TRICK_CHECK = """() => {
  const out = [];
  const shows = (el, x, y) => el.contains(document.elementFromPoint(x, y));
  const covered = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const tabs = [...document.querySelectorAll('#region-seats .contract-badge')];
  for (const seat of document.querySelectorAll('#region-seats .seat')) {
    const plate = seat.querySelector('.plate');
    const r = plate.getBoundingClientRect();
    for (const x of [r.left + 6, r.left + r.width / 2, r.right - 6])
      if (!shows(plate, x, r.top + r.height / 2))
        out.push(`the plate of ${seat.className} is hidden ${Math.round(x - r.left)} px in`);
    for (const tab of tabs)  // a contract hanging under another seat's plate
      if (!seat.contains(tab) && covered(tab.getBoundingClientRect(), r) > 0)
        out.push(`a contract lies over the plate of ${seat.className}`);
  }
  const cards = [...document.querySelectorAll('#region-centre .played')];
  const seatOf = (c) => c.className.match(/from-([a-z-]+)/)[1];
  const plates = Object.fromEntries([...document.querySelectorAll('#region-seats .seat')]
    .map((s) => [s.className.match(/pos-([a-z-]+)/)[1], s.querySelector('.plate')
    .getBoundingClientRect()]));
  const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const rects = cards.map((c) => c.getBoundingClientRect());
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b, j) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0 && h > 0 && w * h > 0.1 * a.width * a.height)
      out.push(`${cards[i].dataset.played} and ${cards[i + 1 + j].dataset.played} overlap`);
  }));
  cards.forEach((c, i) => {
    if (!shows(c, rects[i].left + 7, rects[i].top + 12))
      out.push(`${c.dataset.played}'s corner is hidden`);
    for (const [pos, r] of Object.entries(plates))  // a plate lies over the trick
      if (covered(rects[i], r) > 0.2 * rects[i].width * rects[i].height)
        out.push(`${c.dataset.played} lies under the plate of ${pos}`);
    const [x, y] = mid(rects[i]);
    const near = Object.entries(plates).map(([pos, r]) => [Math.hypot(mid(r)[0] - x,
      mid(r)[1] - y), pos]).sort((p, q) => p[0] - q[0])[0][1];
    if (near !== seatOf(c)) out.push(`${c.dataset.played} from ${seatOf(c)} lies by ${near}`);
  });
  return out;
}"""


def import_save(page, raw: str) -> None:
    """Load ``raw`` through the Import button's file input, as a player would."""
    page.set_input_files(
        "#import-file",
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": raw.encode()}],
    )
    page.wait_for_function(
        "(raw) => localStorage.getItem('fivehundred.save') === raw", arg=raw, timeout=20_000
    )


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_text_is_cut_off(viewport, site_url, new_context, wait_ready):
    ARTIFACTS.mkdir(exist_ok=True)
    context, recorder = new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def check(lang: str, preset: str, moment: str) -> None:
        page.wait_for_timeout(50)  # one frame: the render is queued per frame
        for problem in layout_problems(page):
            found.setdefault(problem, []).append(f"{lang}/{preset}/{moment}")
        if not moment.startswith("dialog"):
            for call in calls_out_of_sight(page):
                found.setdefault(f"{call} out of sight", []).append(f"{lang}/{preset}/{moment}")
        shot = SCREENSHOTS.get((viewport, lang, preset, moment))
        if shot:
            page.screenshot(path=str(ARTIFACTS / shot))

    for lang in LANGUAGES:
        page.goto(f"{site_url}?lang={lang}&speed=fast&bots=easy&fresh=1&seed=1")
        wait_ready(page)
        for preset in Rules.PRESETS:
            states = table_states(preset)
            for moment in ("sheet", "discard", "play", "last"):
                import_save(page, states[moment])
                page.wait_for_selector("body.my-turn", state="attached")
                if moment != "last":  # the same table as mid-hand
                    check(lang, preset, moment)
                if lang == "en" and moment in ("play", "last"):
                    # a trick in progress beside the backs of those who played to it (North's
                    # card lay under North's backs at 1366x657), and one with every other card
                    page.evaluate(SETTLE)
                    for problem in page.evaluate(TRICK_CHECK):
                        found.setdefault(f"trick: {problem}", []).append(f"{preset}/{moment}")
            # the last card: the finished hand stays with its result
            page.locator("#region-hand .card:not([disabled])").first.click()
            if page.locator("#region-panel [data-action*=':']").count():
                page.locator("#region-panel [data-action*=':']").first.click()
            page.wait_for_selector(".hand-result [data-ui=continue]", timeout=20_000)
            check(lang, preset, "result")
            import_save(page, states["sheet"])
            for dialog in DIALOGS if preset == Rules.PRESETS[0] else PRESET_DIALOGS:
                page.click(f".topbar [data-ui={dialog}]")
                page.wait_for_selector("dialog[open]")
                check(lang, preset, f"dialog-{dialog}")
                page.keyboard.press("Escape")
                page.wait_for_selector("dialog[open]", state="detached")
    report = [
        f"{p}  [{', '.join(where[:3])}{' …' if len(where) > 3 else ''}]"
        for p, where in found.items()
    ]
    (ARTIFACTS / f"table-layout-{viewport}.txt").write_text("\n".join(report), "utf-8")
    assert report == [], "\n".join(report)
    assert problems(recorder) == []


# A hand lying face up: (preset, contractor, both hands). A bot's open misère, with the
# contractor beside the human, across the table's corners and at the top; and the human's own
# open misère where they play their partner's hand too ("both hands"), opposite them.
OPEN_MISERES = [
    ("australian", 1, False),
    ("american", 1, False),
    ("american", 3, False),
    ("three-handed", 2, False),
    ("six-handed", 2, False),
    ("five-handed", 3, False),
    ("australian", 0, True),
    ("six-handed", 0, True),
]


def test_an_open_misere_hand_on_a_phone(site_url, new_context, wait_ready):
    """On a phone a hand lying face up is shown in the action panel, under its owner's name,
    not at its seat (ten cards there covered the trick and the plates beside it), and the
    contract hangs under a side contractor's plate, which stays narrow: the layout check finds
    nothing, in the longest languages, nor the trick check in English (a two-line plate
    covered the corners of West's and North's cards, "Open nullo", and six-handed's top
    row). A partner's hand the human plays ("both hands") is played from the panel: its legal
    cards are the buttons there, and a tap plays one."""
    context, recorder = new_context(viewport=VIEWPORTS["360x740"])
    page = context.new_page()
    found: dict[str, list[str]] = {}
    for lang in ("en", "pl"):
        page.goto(f"{site_url}?lang={lang}&speed=fast&bots=easy&fresh=1&seed=1")
        wait_ready(page)
        for preset, contractor, both_hands in OPEN_MISERES:
            raw = open_misere_state(preset, contractor, both_hands)
            import_save(page, raw)
            page.wait_for_selector("body.my-turn", state="attached")
            page.wait_for_timeout(50)
            where = f"{lang}/{preset}/{contractor}{'/both' if both_hands else ''}"
            for problem in layout_problems(page):
                found.setdefault(problem, []).append(where)
            if lang == "en" and not both_hands:  # the contract hangs under a bot's plate
                page.evaluate(SETTLE)
                for problem in page.evaluate(TRICK_CHECK):
                    found.setdefault(f"trick: {problem}", []).append(where)
            game = Game.from_json(raw)
            ((seat, cards),) = game.exposed().items()
            assert page.locator(f'.seat[data-seat="{seat}"] .exposed').is_hidden()
            below = page.locator("#region-panel .exposed-below")
            assert below.locator(".card").count() == len(cards)
            assert below.is_visible()
            playable = below.locator("button.card:not([disabled])")
            assert playable.count() == (len(game.legal_actions()) if both_hands else 0), where
            if both_hands:
                playable.first.click()
                page.wait_for_function(
                    "n => document.querySelectorAll('#region-panel .exposed-below .card').length"
                    " === n",
                    arg=len(cards) - 1,
                )
            if lang == "pl" and preset == "six-handed":
                page.screenshot(
                    path=str(ARTIFACTS / f"table-open-misere-pl-360x740-{contractor}.png")
                )
    assert found == {}
    assert problems(recorder) == []


# A hand face up at its seat, wider than a phone: (preset, contractor, both hands) per window.
# The partner's hand the human plays ("both hands" misère), whose buttons at North's seat
# covered six-handed's Northwest plate at 1024x768 (the corner seats now go below it);
# Northwest's and Northeast's open misère, whose plate with its badge covered North's card
# (1024x768) or broke the name in two ("Northwes/t", 1000x700); West's open nullo, whose hand
# below West's plate covered West's card (1000x700); and on a wide table East's, whose hand
# made the seat so wide that it covered East's own card (1366x768). On a narrow table a side
# contractor's plate with its contract in line lay over its own card (West's open nullo,
# five's and six's East's open misère: 1000x700, 1024x768).
FACE_UP_AT_SEAT = [("australian", 0, True), ("six-handed", 0, True), ("six-handed", 2, False)]
FACE_UP_CASES = {
    "1024x768": FACE_UP_AT_SEAT + [("six-handed", 4, False), ("six-handed", 5, False)],
    "768x1024": FACE_UP_AT_SEAT,
    "1000x700": [
        ("six-handed", 2, False),
        ("six-handed", 4, False),
        ("five-handed", 2, False),
        ("five-handed", 4, False),
        ("american", 1, False),
    ],
    "1366x768": [("five-handed", 4, False), ("six-handed", 5, False)],
}


@pytest.mark.parametrize("viewport", FACE_UP_CASES)
def test_a_hand_face_up_at_its_seat(viewport, site_url, new_context, wait_ready):
    """Wider than a phone, a hand lying face up is at its seat (see FACE_UP_CASES). No text
    and no card of the trick lies under another box."""
    width, height = map(int, viewport.split("x"))
    context, recorder = new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{site_url}?lang=en&speed=fast&bots=easy&fresh=1&seed=1")
    wait_ready(page)
    found: dict[str, list[str]] = {}
    for preset, contractor, both_hands in FACE_UP_CASES[viewport]:
        raw = open_misere_state(preset, contractor, both_hands)
        import_save(page, raw)
        page.wait_for_selector("body.my-turn", state="attached")
        page.evaluate(SETTLE)
        for problem in layout_problems(page) + page.evaluate(TRICK_CHECK):
            found.setdefault(problem, []).append(f"{preset}/{contractor}")
        ((seat, cards),) = Game.from_json(raw).exposed().items()
        shown = page.locator(f'.seat[data-seat="{seat}"] .exposed .card')
        assert shown.count() == len(cards)
        assert shown.first.is_visible()
        assert page.locator(f'.seat[data-seat="{seat}"] .exposed button.card').count() == (
            len(cards) if both_hands else 0
        )
    assert found == {}
    assert problems(recorder) == []


def test_five_handed_in_a_short_window(site_url, new_context, wait_ready):
    """Five-handed in a laptop's short browser window (1100x650, a narrow and short table):
    West's and East's cards lie at the sides of the corners' cards, not under them (they
    overlapped), in a trick in progress and a full one."""
    context, recorder = new_context(viewport={"width": 1100, "height": 650})
    page = context.new_page()
    page.goto(f"{site_url}?lang=en&speed=fast&bots=easy&fresh=1&seed=1")
    wait_ready(page)
    states = table_states("five-handed")
    found: dict[str, list[str]] = {}
    for moment in ("play", "last"):
        import_save(page, states[moment])
        page.wait_for_selector("body.my-turn", state="attached")
        page.evaluate(SETTLE)
        for seat in ("left", "top-left", "top-right", "right"):  # the cards that overlapped
            assert page.locator(f"#region-centre .played.from-{seat}").count() == 1
        for problem in layout_problems(page) + page.evaluate(TRICK_CHECK):
            found.setdefault(problem, []).append(moment)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-five-handed-1100x650.png"))
    assert found == {}
    assert problems(recorder) == []


def test_the_scores_fit_on_the_narrowest_phone(site_url, new_context, wait_ready):
    """At 320 px, below the phones the other tests take, six-handed's three scores show their
    sides' short names whole ("Y & N", "서·북동" were cut): the mark gives them its room, and
    the page's heading keeps its name."""
    context, recorder = new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    raw = table_states("six-handed")["play"]
    cut: dict[str, list[str]] = {}
    for lang in ("en", "ko", "pl"):
        page.goto(f"{site_url}?lang={lang}&speed=fast&bots=easy&fresh=1&seed=1")
        wait_ready(page)
        import_save(page, raw)
        page.wait_for_selector("body.my-turn", state="attached")
        labels = page.evaluate(
            """() => [...document.querySelectorAll('.scoreboard .score .label')]
                .filter((el) => el.getClientRects().length)
                .map((el) => [el.textContent, el.scrollWidth - el.clientWidth])"""
        )
        assert len(labels) == 3, labels
        for text, overflow in labels:
            if overflow > 0:
                cut.setdefault(text, []).append(lang)
        for problem in layout_problems(page):
            if ".score" in problem or "label" in problem:
                cut.setdefault(problem, []).append(lang)
        if lang == "en":
            assert page.get_by_role("heading", name="Five Hundred").count() == 1
    assert cut == {}
    assert problems(recorder) == []


# Phones in the longest languages (Polish, French) and English: (preset, moment) where a
# plate or a contract hanging under it covered something. Six-handed's corner seats' names take
# two lines there ("Północny zachód"); five-handed's and six-handed's West hang their contract
# ("Misère ouverte") over the human's plate at 320 px; four-handed's West plate, with the
# dealer's badge, covered North's card's corner at 320 px (French, Polish). On every phone the
# low side seats' plates (five's West and East, six's lower pair) lay over much of their own
# cards ("play": East's lead).
LONG_NAME_CASES = [
    ("six-handed", "play"),
    ("six-handed", "last"),
    ("six-handed", 1),  # West's open misère: Northeast, West's partner, sits out
    ("six-handed", 2),  # Northwest's
    ("five-handed", "play"),
    ("five-handed", 1),  # West's
    ("australian", "last"),
]


def test_phones_in_long_languages(site_url, new_context, wait_ready):
    """On phones of 320 and 360 px, in Polish, French and English, the corner plates and a
    contract hanging under a plate leave the trick's cards whole (six's top row lost its
    corners), North's card backs stay beside its plate (at 320 px they wrapped under it, over
    Northwest's), "Northwest" stays whole beside the dealer's badge at 320 px, five's and
    six's West leave the human's plate uncovered, and no plate lies over a card's face (see
    LONG_NAME_CASES)."""
    found: dict[str, list[str]] = {}
    states = {
        (preset, moment): (
            table_states(preset)[moment]
            if isinstance(moment, str)
            else open_misere_state(preset, moment)
        )
        for preset, moment in LONG_NAME_CASES
    }
    for width, height in ((320, 640), (360, 740)):
        context, recorder = new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        for lang in ("pl", "fr", "en"):
            page.goto(f"{site_url}?lang={lang}&speed=fast&bots=easy&fresh=1&seed=1")
            wait_ready(page)
            for (preset, moment), raw in states.items():
                import_save(page, raw)
                page.wait_for_selector("body.my-turn", state="attached")
                page.evaluate(SETTLE)
                for problem in layout_problems(page) + page.evaluate(TRICK_CHECK):
                    found.setdefault(problem, []).append(f"{width}/{lang}/{preset}/{moment}")
        assert problems(recorder) == []
    assert found == {}
