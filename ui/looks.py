"""Looks: the light/dark/system theme, the table's colour and the card backs (no DOM).

The page's stylesheet defines the theme's colours as custom properties on ``:root``, and the
dark ones inside ``@media (prefers-color-scheme: dark)``. A theme chosen by the player is
``<html data-theme="light|dark">``: :func:`theme_css` turns the stylesheet's own two blocks
of properties into rules for those attributes (so the colours are never copied here), and
:func:`looks_css` gives the table colours (``data-felt``) and card backs (``data-back``).

>>> css = theme_css("--bg: #fff; color-scheme: light dark;", "--bg: #000;")
>>> ':root[data-theme="dark"] { --bg: #000; color-scheme: dark; }' in css
True
>>> root_attributes("dark", "blue", "red")
{'theme': 'dark', 'felt': 'blue', 'back': 'red'}
"""

from __future__ import annotations

from ui.i18n import N_, _

THEMES = ("system", "light", "dark")
THEME_LABELS = {"system": N_("Follow the system"), "light": N_("Light"), "dark": N_("Dark")}

# (light centre, edge, rail) of the table's felt; "green" is the stylesheet's own.
FELTS: dict[str, tuple[str, str, str] | None] = {
    "green": None,
    "blue": ("#2f6f9e", "#173f61", "#0e2940"),
    "red": ("#9a3b3e", "#5c1d22", "#3b1115"),
    "purple": ("#5e4a8f", "#33275a", "#20183a"),
    "grey": ("#5d676e", "#30373c", "#1c2125"),
}
FELT_LABELS = {
    "green": N_("Green"),
    "blue": N_("Blue"),
    "red": N_("Burgundy"),
    "purple": N_("Purple"),
    "grey": N_("Slate"),
}

# (background, pattern) of the card backs; "blue" is the stylesheet's own.
BACKS: dict[str, tuple[str, str] | None] = {
    "blue": None,
    "red": ("#a5302b", "#d8675e"),
    "green": ("#24704a", "#5aa879"),
    "black": ("#26262e", "#5c5c6a"),
    "gold": ("#9a6a12", "#d9a640"),
}
BACK_LABELS = {
    "blue": N_("Blue"),
    "red": N_("Red"),
    "green": N_("Green"),
    "black": N_("Black"),
    "gold": N_("Gold"),
}


def theme_css(light_properties: str, dark_properties: str) -> str:
    """Rules for a chosen theme, from the stylesheet's light and dark property blocks."""

    def block(properties: str, scheme: str) -> str:
        kept = [
            p.strip()
            for p in properties.split(";")
            if p.strip() and not p.strip().startswith("color-scheme")
        ]
        return "; ".join(kept + [f"color-scheme: {scheme}"]) + ";"

    return (
        f':root[data-theme="light"] {{ {block(light_properties, "light")} }}\n'
        f':root[data-theme="dark"] {{ {block(dark_properties, "dark")} }}\n'
    )


def looks_css() -> str:
    """Rules for the table colours and card backs other than the stylesheet's own."""
    rules = []
    for name, felt in FELTS.items():
        if felt is not None:
            rules.append(
                f':root[data-felt="{name}"] {{ --felt-1: {felt[0]}; --felt-2: {felt[1]}; '
                f"--rail: {felt[2]}; }}"
            )
    for name, back in BACKS.items():
        if back is not None:
            rules.append(
                f':root[data-back="{name}"] {{ --back-1: {back[0]}; --back-2: {back[1]}; }}'
            )
    return "\n".join(rules) + "\n"


def root_attributes(theme: str, felt: str, back: str) -> dict[str, str]:
    """The ``data-*`` values of ``<html>`` for these choices (unknown ones: the defaults)."""
    return {
        "theme": theme if theme in THEMES else "system",
        "felt": felt if felt in FELTS else "green",
        "back": back if back in BACKS else "blue",
    }


def choices(kind: str) -> list[tuple[str, str]]:
    """(value, translated label) of the theme, felt or back choices, for a select."""
    labels = {"theme": THEME_LABELS, "felt": FELT_LABELS, "back": BACK_LABELS}[kind]
    return [(value, _(label)) for value, label in labels.items()]
