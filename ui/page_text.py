"""Texts shown before Python runs: the loading screen and title of index.html, its noscript
message, the update notice and the installed app's web manifest.

This module is the single source of their msgids: ``tools/i18n_extract.py`` extracts them
into the catalogues like any other UI string, and ``tools/build_site.py`` inlines their
translations into dist/index.html (a JSON block read by the page's first inline script) and
writes one ``manifest.<lang>.webmanifest`` per language. The English strings must be written
exactly as in index.html (elements with ``data-i18n``, ``data-i18n-content`` attributes, the
``t("…")`` calls and the ``py:progress`` map of its script) and manifest.webmanifest;
tests/tools/test_page_text.py checks both ways.

Nothing here is imported at run time by the app (the Python UI shows the game's name with the
same msgid, ``_("Five Hundred")``).
"""

from __future__ import annotations

from ui.i18n import N_

# Translators: the game's name, as players of your language call it (title of the page and
# of the installed app).
TITLE = N_("Five Hundred")

# Translators: the page's description for search engines and the installed app's description.
DESCRIPTION = N_(
    "Five Hundred, the trick-taking card game, against computer players. Works offline."
)

# Loading screen.
LOADING = N_("Loading…")
# PyScript's progress event -> the text shown (several events share a text).
PROGRESS = {
    # Translators: loading screen; the "Python runtime" is the program that runs the game in
    # the browser.
    "Loading interpreter": N_("Loading the Python runtime…"),
    "Loaded interpreter": N_("Python runtime loaded"),
    "Loading Pyodide": N_("Starting Python…"),
    "Loading Storage": N_("Starting Python…"),
    "Loaded Storage": N_("Starting Python…"),
    "Loaded Pyodide": N_("Python started"),
    "Loading files": N_("Unpacking the game…"),
    "Loaded files": N_("Game unpacked"),
    "Loading JS modules": N_("Loading modules…"),
}
STARTING = N_("Starting the game…")
# The boot watchdog: the game did not start (an error, or no sign of life for 90 s).
FAILED = N_("The game could not start.")
RESCUE = N_(
    "Your saved game and settings are still stored in this browser. Download them to keep a "
    "copy, or start fresh: this deletes them."
)
# Translators: button: save everything the game stored in this browser as a file.
RESCUE_DOWNLOAD = N_("Download the stored data")
# Translators: button: delete what the game stored in this browser and load it again.
RESCUE_FRESH = N_("Start fresh")
# Translators: shown when the browser runs no JavaScript; the page shows it in every language.
NOSCRIPT = N_("Five Hundred needs JavaScript and WebAssembly.")

# Translators: the notice shown when a new version of the site has been downloaded.
UPDATE_AVAILABLE = N_("New version available")
# Translators: button of the "New version available" notice: reload the page to use it.
UPDATE_RELOAD = N_("Reload")

# The web manifest: its name is TITLE, its description DESCRIPTION; short_name stays "500".
MANIFEST = {"name": TITLE, "description": DESCRIPTION}
