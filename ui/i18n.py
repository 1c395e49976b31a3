"""Translation of every visible string and accessible label (gettext; English is the source).

Usage everywhere in ``ui/``::

    from ui.i18n import _, ngettext, N_
    _("Settings")
    _("{name} bids {bid}").format(name=..., bid=...)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)
    LABEL = N_("Marked for translation, translated later with _(LABEL)")

Catalogues: ``ui/i18n/<lang>/LC_MESSAGES/fivehundred.po`` (the build compiles each ``.po``
into a ``.mo`` next to it inside app.zip). Extract the template with::

    xgettext -L Python -k_ -kN_ -kngettext:1,2 -o ui/i18n/fivehundred.pot ui/*.py

``set_language(["fr-CA", "fr"])`` picks the first language with a catalogue (``fr-CA`` also
tries ``fr_CA`` and ``fr``); anything missing falls back to the English source strings.

>>> set_language(["xx"])
'en'
>>> _("Pass")
'Pass'
>>> ngettext("{n} trick", "{n} tricks", 2).format(n=2)
'2 tricks'
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "fivehundred"
LOCALE_DIR = Path(__file__).resolve().parent / "i18n"
SOURCE_LANGUAGE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _candidates(languages: list[str]) -> list[str]:
    """``["fr-CA"]`` -> ``["fr_CA", "fr"]``: gettext's names, most specific first."""
    out: list[str] = []
    for lang in languages:
        if not lang:
            continue
        code = lang.replace("-", "_")
        for name in (code, code.split("_")[0].lower()):
            if name not in out:
                out.append(name)
    return out


def set_language(languages: list[str]) -> str:
    """Use the first of ``languages`` (BCP 47 or gettext style) that has a catalogue.

    Returns the language in use (``"en"`` when none has a catalogue).
    """
    global _translation, _language
    for name in _candidates(languages):
        if name.split("_")[0] == SOURCE_LANGUAGE:
            break
        found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[name], fallback=True)
        if type(found) is not gettext.NullTranslations:  # a catalogue was found
            _translation, _language = found, name
            return name
    _translation, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


# Each language's own name (not translated: a reader looks for their language in it).
ENDONYMS = {
    "en": "English",
    "fr": "Français",
    "ro": "Română",
    "pl": "Polski",
    "ko": "한국어",
}


def available_languages() -> list[str]:
    """English and every language with a catalogue in ``LOCALE_DIR`` (compiled or not)."""
    found = []
    if LOCALE_DIR.is_dir():
        for folder in sorted(LOCALE_DIR.iterdir()):
            messages = folder / "LC_MESSAGES"
            if any((messages / f"{DOMAIN}{ext}").is_file() for ext in (".mo", ".po")):
                found.append(folder.name)
    return [SOURCE_LANGUAGE] + [lang for lang in found if lang != SOURCE_LANGUAGE]


def language_name(code: str) -> str:
    return ENDONYMS.get(code, code)


def language() -> str:
    """The language in use, e.g. ``"en"`` or ``"fr"``."""
    return _language


def html_lang() -> str:
    """The language for ``<html lang>``: ``fr_CA`` -> ``fr-CA``."""
    return _language.replace("_", "-")


def _(message: str) -> str:
    """Translate ``message`` (a literal English string, possibly with ``{placeholders}``)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a count; the right plural form for ``n``."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in a context (same English word, different meanings)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a string for extraction without translating it yet."""
    return message
