"""The player's settings (rules for new games, bots, names, pace, look) and URL overrides.

No DOM here: settings are plain data, (de)serialised as JSON for localStorage, and every
field is validated on load so a damaged settings entry never breaks the game.

URL query parameters (for tests and sharing; see :func:`parse_query`):

- ``?seed=N``       seed of the new game started by this visit (with no save, or ``fresh``)
- ``?speed=instant``  bots' pace for this visit: instant, fast, normal or slow
- ``?bots=easy``    every bot's level for this visit: easy, normal, hard or expert
- ``?preset=NAME``  rules preset of the new game (australian, american, three-handed, ...)
- ``?fresh=1``      ignore and clear the saved game: start a new one
- ``?lang=fr``      language of the interface (when a catalogue exists)

>>> s = Settings()
>>> s.speed, s.level(1), s.rules().players
('normal', 'normal', 4)
>>> Settings.from_json('{"speed": "warp", "four_colour": true}').speed
'normal'
>>> parse_query("?seed=12&speed=instant&bots=easy&fresh=1")["seed"]
12
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game import Rules
from ui import safe_json
from ui.looks import BACKS, FELTS, THEMES
from ui.query import parse as query_params

SPEEDS = ("instant", "fast", "normal", "slow")
LEVELS = ("easy", "normal", "hard", "expert")
FLAGS = ("auto_hints", "auto_continue", "auto_forced", "four_colour", "undo", "sound")
"""The settings that are a checkbox (a bool of :class:`Settings`)."""
MAX_SEATS = 6
MAX_NAME = 20
MAX_SETTINGS_CHARS = 100_000  # stored settings are under 2 kB; longer text is not read

# Milliseconds: a bot's pause before acting, how long a finished trick stays on the table,
# and how long the result of a hand stays before the next deal when the player lets hands
# continue by themselves (else it stays until they press "Next hand"). "instant" holds nothing.
PACE = {
    "instant": {"bot": 0, "trick": 0, "hand": 0},
    "fast": {"bot": 250, "trick": 700, "hand": 1500},
    "normal": {"bot": 650, "trick": 1300, "hand": 3000},
    "slow": {"bot": 1200, "trick": 2200, "hand": 5000},
}


@dataclass
class Settings:
    """The player's choices kept between visits: rules, bots, names, pace, looks, language
    (``Settings.from_json(text)``, ``settings.to_json()``)."""

    preset: str = "australian"
    """The preset the rules started from, or ``"custom"`` once an option was changed."""
    rules_dict: dict[str, Any] = field(default_factory=lambda: Rules.preset("australian").to_dict())
    levels: list[str] = field(default_factory=lambda: ["normal"] * MAX_SEATS)
    names: list[str] = field(default_factory=lambda: [""] * MAX_SEATS)
    speed: str = "normal"
    auto_hints: bool = False
    auto_continue: bool = False
    """A finished hand's result goes away by itself (else it waits for "Next hand")."""
    auto_forced: bool = False
    """A card that is the human's only legal play is played for them."""
    four_colour: bool = False
    undo: bool = True
    """The player may take back their last bid or card (ui/undo.py)."""
    sound: bool = False
    """Sound cues (ui/sound.py): off unless the player turns them on."""
    theme: str = "system"
    felt: str = "green"
    back: str = "blue"
    """Looks (ui/looks.py): light/dark/system theme, table colour, card backs."""
    language: str = ""
    """Interface language ("" = the browser's)."""

    def rules(self) -> Rules:
        return Rules.from_dict(self.rules_dict)

    def level(self, seat: int) -> str:
        return self.levels[seat] if 0 <= seat < len(self.levels) else "normal"

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "preset": self.preset,
                "rules": self.rules_dict,
                "levels": self.levels,
                "names": self.names,
                "speed": self.speed,
                "auto_hints": self.auto_hints,
                "auto_continue": self.auto_continue,
                "auto_forced": self.auto_forced,
                "four_colour": self.four_colour,
                "undo": self.undo,
                "sound": self.sound,
                "theme": self.theme,
                "felt": self.felt,
                "back": self.back,
                "language": self.language,
            }
        )

    @staticmethod
    def from_json(text: str | None) -> Settings:
        """Settings from storage; anything missing or invalid keeps its default."""
        s = Settings()
        try:
            data = safe_json.loads(text, MAX_SETTINGS_CHARS) if text else {}
        except ValueError:
            return s
        if not isinstance(data, dict):
            return s
        rules = data.get("rules")
        if isinstance(rules, dict):
            try:
                s.rules_dict = Rules.from_dict(rules).to_dict()
                preset = data.get("preset")
                if preset == "custom" or preset in Rules.PRESETS:
                    s.preset = preset
                else:
                    s.preset = "custom"
            except (ValueError, TypeError):
                pass
        levels = data.get("levels")
        if isinstance(levels, list):
            for i, lv in enumerate(levels[:MAX_SEATS]):
                if lv in LEVELS:
                    s.levels[i] = lv
        names = data.get("names")
        if isinstance(names, list):
            for i, nm in enumerate(names[:MAX_SEATS]):
                if isinstance(nm, str):
                    s.names[i] = clean_name(nm)
        if data.get("speed") in SPEEDS:
            s.speed = data["speed"]
        for key in FLAGS:
            if isinstance(data.get(key), bool):
                setattr(s, key, data[key])
        for key, allowed in (("theme", THEMES), ("felt", FELTS), ("back", BACKS)):
            if data.get(key) in allowed:
                setattr(s, key, data[key])
        if isinstance(data.get("language"), str) and len(data["language"]) <= 20:
            s.language = data["language"]
        return s

    def copy(self) -> Settings:
        return Settings.from_json(self.to_json())


def clean_name(name: str) -> str:
    """A player name as typed: trimmed, no control characters, at most 20 characters."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]


def preset_of(rules: Rules) -> str:
    """The name of the preset equal to ``rules``, else ``"custom"``."""
    for name in Rules.PRESETS:
        if Rules.preset(name) == rules:
            return name
    return "custom"


def parse_query(query: str) -> dict[str, Any]:
    """URL overrides (see the module docstring); invalid values are ignored.

    >>> parse_query("?speed=warp&bots=hard&preset=american&seed=x")
    {'bots': 'hard', 'preset': 'american'}
    """
    params = query_params(query.lstrip("?"), keep_blank_values=True)

    def first(name: str) -> str | None:
        values = params.get(name)
        return values[0] if values else None

    out: dict[str, Any] = {}
    seed = first("seed")
    if seed is not None and seed.strip().isdigit():
        out["seed"] = int(seed) % (2**31)
    if first("speed") in SPEEDS:
        out["speed"] = first("speed")
    if first("bots") in LEVELS:
        out["bots"] = first("bots")
    if first("preset") in Rules.PRESETS:
        out["preset"] = first("preset")
    if first("fresh") in ("1", "true", "yes"):
        out["fresh"] = True
    lang = first("lang")
    if lang and len(lang) <= 20 and all(ch.isalnum() or ch in "-_" for ch in lang):
        out["lang"] = lang
    return out


def without_param(query: str, name: str) -> str:
    """``query`` (``location.search``) without the parameter ``name``, others kept as they
    were: a one-off parameter such as ``?fresh=1`` must not act again on every reload.

    >>> without_param("?speed=fast&fresh=1&seed=3", "fresh")
    '?speed=fast&seed=3'
    >>> without_param("?fresh=1", "fresh")
    ''
    """
    kept = [part for part in query.lstrip("?").split("&") if part and part.split("=", 1)[0] != name]
    return "?" + "&".join(kept) if kept else ""
