"""Tiny helpers to build HTML strings safely (every dynamic text is escaped).

>>> tag("button", "7♥", type="button", data_action="7H", disabled=True, aria_label="Seven hearts")
'<button type="button" data-action="7H" disabled aria-label="Seven hearts">7♥</button>'
>>> esc('<b>"x"</b>')
'&lt;b&gt;&quot;x&quot;&lt;/b&gt;'
"""

from __future__ import annotations


def esc(text: object) -> str:
    """``html.escape(str(text), quote=True)``, which this copies: importing the html package
    imports html.entities, a table of 2,231 names, which costs a tenth of a second of the
    start in Pyodide (tests/ui/test_pure_modules.py checks the two agree)."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def attrs(**attributes: object) -> str:
    """``data_card="AS"`` -> ``data-card="AS"``; ``class_`` -> ``class``; True -> bare; falsy
    (None/False) -> omitted; a trailing underscore is dropped."""
    out = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def tag(name: str, inner: str = "", **attributes: object) -> str:
    """An element with escaped attributes; ``inner`` is trusted HTML (escape text first)."""
    return f"<{name}{attrs(**attributes)}>{inner}</{name}>"


def classes(*names: object) -> str:
    """Join the truthy class names: ``classes("card", legal and "legal")``."""
    return " ".join(str(n) for n in names if n)


def button(text: str, ui: str, primary: bool = False, more_class: str = "", **extra: object) -> str:
    """A dialog or panel button: ``text`` (escaped here), its ``data-ui`` action.

    >>> button("Close", "dialog-close", primary=True)
    '<button type="button" class="btn primary" data-ui="dialog-close">Close</button>'
    """
    return tag(
        "button",
        esc(text),
        type="button",
        class_=classes("btn", primary and "primary", more_class),
        data_ui=ui,
        **extra,
    )


def dialog_buttons(*buttons: str) -> str:
    """The row of buttons at the foot of a dialog."""
    return tag("div", "".join(buttons), class_="dialog-buttons")
