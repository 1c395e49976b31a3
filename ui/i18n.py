"""Translation of every visible string and accessible label (gettext; English is the source).

Usage everywhere in ``ui/``::

    from ui.i18n import _, ngettext, N_
    _("Settings")
    _("{name} bids {bid}").format(name=..., bid=...)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)
    LABEL = N_("Marked for translation, translated later with _(LABEL)")
    LEVEL = NP_("bid level", "Seven")   # translated later with pgettext(*LEVEL)
    TRICKS = NN_("{n} trick", "{n} tricks")  # translated later with ngettext(*TRICKS, n)

Catalogues: ``ui/i18n/<lang>/LC_MESSAGES/fivehundred.po``. ``python tools/i18n_extract.py
--update`` extracts the template and merges it into them (see docs/i18n.md). The build
compiles them into app.zip's ``ui/i18n/``: every msgid once, in ``msgids.json``, and a file
per language, so that a start reads its own language's only::

    msgids.json  {"format": "fivehundred-msgids", "msgids": [msgid, ...],
                  "forms": [plural form or null, ...]}
    fr.json      {"format": "fivehundred-catalogue", "texts": [text or null, ...]}
    en.json      {"format": "fivehundred-catalogue", "messages": [[msgid, form, text], ...]}

where ``msgid`` is gettext's key (``context\\x04msgid`` for a message with a context), a
plural's forms are entries of their own, ``texts`` follow msgids.json's order (``null``: not
in that catalogue), and a language with few messages (English: only the American words)
lists its own ``messages`` instead, without msgids.json. Each msgid is written once for all
languages, which makes the files half the size of a ``.mo`` per language; the lookups are
gettext's (:class:`Catalogue` looks up as a ``GNUTranslations`` does, without importing
gettext at the start: Pyodide compiles that module from its source, a tenth of our imports'
time there; only a plural rule other than English's loads it).

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

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

DOMAIN = "fivehundred"
LOCALE_DIR = Path(__file__).resolve().parent / "i18n"
MSGIDS = "msgids.json"
SOURCE_LANGUAGE = "en"

# LOCALE_DIR's compiled languages, and those made into catalogues so far (only those asked for)
_compiled: tuple[Path, list[str], dict[str, Catalogue]] | None = None


class Catalogue:
    """One language's compiled catalogue (``<lang>.json``), looked up as gettext's
    ``GNUTranslations`` (its methods' code, without a fallback): a message missing from it is
    the English one.

    >>> fr = Catalogue({"": "Plural-Forms: nplurals=2; plural=(n > 1);\\n", "Pass": "Passe",
    ...                 ("{n} trick", 0): "{n} pli", ("{n} trick", 1): "{n} plis"})
    >>> fr.gettext("Pass"), fr.ngettext("{n} trick", "{n} tricks", 1)
    ('Passe', '{n} pli')
    >>> Catalogue({}).ngettext("{n} trick", "{n} tricks", 2)  # as gettext.NullTranslations
    '{n} tricks'
    """

    CONTEXT = "%s\x04%s"

    def __init__(self, messages: dict[Any, str]) -> None:
        self._catalog = messages
        self.plural = _plural_function(_plural_rule(messages.get("", "")))

    def gettext(self, message: str) -> str:
        missing = object()
        tmsg = self._catalog.get(message, missing)
        if tmsg is missing:
            tmsg = self._catalog.get((message, self.plural(1)), missing)
        return message if tmsg is missing else str(tmsg)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        try:
            return self._catalog[(msgid1, self.plural(n))]
        except KeyError:
            return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        ctxt_msg_id = self.CONTEXT % (context, message)
        missing = object()
        tmsg = self._catalog.get(ctxt_msg_id, missing)
        if tmsg is missing:
            tmsg = self._catalog.get((ctxt_msg_id, self.plural(1)), missing)
        return message if tmsg is missing else str(tmsg)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        ctxt_msg_id = self.CONTEXT % (context, msgid1)
        try:
            return self._catalog[(ctxt_msg_id, self.plural(n))]
        except KeyError:
            return msgid1 if n == 1 else msgid2


def _english_plural(n: int) -> int:
    return int(n != 1)


def _plural_function(rule: str) -> Callable[[int], int]:
    """The plural form of ``n`` by a catalogue's ``plural=`` rule, as ``gettext.c2py``'s.

    >>> [_plural_function("(n != 1)")(n) for n in (0, 1, 2)], _plural_function("n>1")(1)
    ([1, 0, 1], 0)
    """
    if rule.replace(" ", "") in ("n!=1", "(n!=1)"):
        return _english_plural
    import gettext  # here, not at the top: see the module's docstring

    return gettext.c2py(rule)


def _plural_rule(header: str) -> str:
    """The ``plural=`` expression of a catalogue header (English's rule when it has none)."""
    for line in header.splitlines():
        name, _sep, value = line.partition(":")
        if name.strip().lower() == "plural-forms" and "plural=" in value:
            return value.split("plural=", 1)[1].strip().rstrip(";")
    return "n != 1"


_translation = Catalogue({})
_language = SOURCE_LANGUAGE


def read_language(catalogue: dict[str, Any], msgids: Callable[[], dict[str, Any]]) -> Catalogue:
    """The :class:`Catalogue` of a parsed ``<lang>.json``; ``msgids()`` gives the parsed
    msgids.json (called only for a catalogue of ``texts``).

    >>> en = {"messages": [["American\\x04kitty", None, "widow"]]}
    >>> read_language(en, dict).pgettext("American", "kitty")
    'widow'
    >>> ids = {"msgids": ["Pass", "{n} trick", "{n} trick"], "forms": [None, 0, 1]}
    >>> read_language({"texts": ["Passe", "{n} pli", None]}, lambda: ids)._catalog
    {'Pass': 'Passe', ('{n} trick', 0): '{n} pli'}
    """
    if "messages" in catalogue:
        entries = catalogue["messages"]
    else:
        data = msgids()
        entries = zip(data["msgids"], data["forms"], catalogue["texts"])
    return Catalogue({m if f is None else (m, f): t for m, f, t in entries if t is not None})


def _compiled_languages() -> tuple[list[str], dict[str, Catalogue]]:
    """The languages compiled into ``LOCALE_DIR`` (none without it) and those made into
    catalogues so far."""
    global _compiled
    if _compiled is None or _compiled[0] != LOCALE_DIR:
        names = os.listdir(LOCALE_DIR) if LOCALE_DIR.is_dir() else []
        found = sorted(n.removesuffix(".json") for n in names if n.endswith(".json"))
        _compiled = (LOCALE_DIR, [n for n in found if n + ".json" != MSGIDS], {})
    return _compiled[1], _compiled[2]


def _msgids() -> dict[str, Any]:
    return json.loads((LOCALE_DIR / MSGIDS).read_text("utf-8"))


def _catalogue(lang: str) -> Catalogue | None:
    """The compiled catalogue of ``lang``, or None."""
    languages, built = _compiled_languages()
    if lang not in languages:
        return None
    if lang not in built:
        data = json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8"))
        built[lang] = read_language(data, _msgids)
    return built[lang]


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
        if name.split("_")[0].lower() == SOURCE_LANGUAGE:
            break
        found = _catalogue(name) or _catalogue(name.split("_")[0].lower())
        if found is not None:  # "fr_CA" is French, as gettext would find it
            _translation, _language = found, name
            return name
    _translation = _catalogue(SOURCE_LANGUAGE) or Catalogue({})
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
    found = set(_compiled_languages()[0])
    if LOCALE_DIR.is_dir():
        for folder in LOCALE_DIR.iterdir():
            if (folder / "LC_MESSAGES" / f"{DOMAIN}.po").is_file():
                found.add(folder.name)
    return [SOURCE_LANGUAGE] + sorted(found - {SOURCE_LANGUAGE})


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
