"""Translation of every visible string and accessible label (gettext; English is the source).

Usage everywhere in ``ui/``::

    from ui.i18n import _, ngettext, N_
    _("Settings")
    _("{name} bids {bid}").format(name=..., bid=...)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)
    LABEL = N_("Marked for translation, translated later with _(LABEL)")
    LEVEL = NP_("bid level", "Seven")   # translated later with pgettext(*LEVEL)
    TRICKS = NN_("{n} trick", "{n} tricks")  # translated later with ngettext(*TRICKS, n)

Catalogues: ``ui/i18n/<lang>/LC_MESSAGES/fivehundred.po`` (the build compiles each ``.po``
into a ``.mo`` next to it inside app.zip). ``python tools/i18n_extract.py --update``
extracts the template and merges it into them (see docs/i18n.md).

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

    Returns the language in use (``"en"`` when none has a catalogue). English is the source
    language: its own catalogue holds only the American game's words (see set_vocabulary).
    """
    global _translation, _language
    for name in _candidates(languages):
        if name.split("_")[0] == SOURCE_LANGUAGE:
            break
        found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[name], fallback=True)
        if type(found) is not gettext.NullTranslations:  # a catalogue was found
            _translation, _language = found, name
            return name
    _translation = gettext.translation(
        DOMAIN, LOCALE_DIR, languages=[SOURCE_LANGUAGE], fallback=True
    )
    _language = SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


# --- the variant's own words ---------------------------------------------------------------------

# Messages naming the kitty or misère have a twin in this context in every catalogue (the
# extractor adds it): the American game says "widow" and "nullo", in English and in the
# translations alike. ``_()`` and ``ngettext()`` prefer the twin while the vocabulary is American.
VARIANT_CONTEXT = "American"
VOCABULARIES = ("australian", "american")
_vocabulary = "australian"


def set_vocabulary(name: str) -> None:
    """``"american"`` (widow, nullo) or ``"australian"`` (kitty, misère, the default).

    With the compiled catalogues (app.zip), after ``set_vocabulary("american")``
    ``_("Play without the kitty")`` gives ``"Play without the widow"`` in English and
    ``"Jouer sans la veuve"`` in French. ``ui.app`` sets it from the rules of the game shown.
    """
    global _vocabulary
    if name not in VOCABULARIES:
        raise ValueError(f"unknown vocabulary {name!r} (choose from {', '.join(VOCABULARIES)})")
    _vocabulary = name


def vocabulary() -> str:
    return _vocabulary


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
    if _vocabulary == "american":
        # A missing twin comes back unchanged: then the plain message is translated.
        twin = _translation.pgettext(VARIANT_CONTEXT, message)
        if twin != message:
            return twin
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a count; the right plural form for ``n``."""
    if _vocabulary == "american":
        twin = _translation.npgettext(VARIANT_CONTEXT, singular, plural, n)
        if twin not in (singular, plural):
            return twin
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in a context (same English word, different meanings)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a string for extraction without translating it yet."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:  # noqa: N802
    """Mark a message with a context; translate it later with ``pgettext(*marked)``."""
    return context, message


def NN_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a message with a plural; translate it later with ``ngettext(*marked, n)``."""
    return singular, plural
