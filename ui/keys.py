"""The page's keyboard: undo (Ctrl+Z), the review's arrows, moving among buttons with the
arrow keys, ``H`` for a hint, Escape. ``Page.on_key`` imports this module at the first key
press, not at the start.

    keys.on_key(page, evt)   # a keydown event
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import undo
from ui.dom import node

if TYPE_CHECKING:
    from ui.dom import Page


def on_key(page: Page, evt: Any) -> None:
    """The page's keydown handler (``Page.on_key``)."""
    key = str(evt.key)
    if (evt.ctrlKey or evt.metaKey) and key in ("z", "Z") and not evt.shiftKey:
        if page.app is not None and not (page.dialog is not None and page.dialog.open):
            if undo.take_back(page.app):
                evt.preventDefault()
                page._frame()
        return
    if evt.ctrlKey or evt.metaKey or evt.altKey:
        return
    target = evt.target
    in_field = target is not None and str(getattr(target, "tagName", "")).upper() in (
        "INPUT",
        "SELECT",
        "TEXTAREA",
    )
    if in_field:
        return
    review_keys = {
        "ArrowLeft": "previous",
        "ArrowRight": "next",
        "Home": "first",
        "End": "last",
    }
    if page.dialog_kind == "review" and page.app is not None and key in review_keys:
        evt.preventDefault()
        if page.app.review_move(review_keys[key]):
            page._refresh_review()
        return
    if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
        nav = node(target.closest("[data-nav]")) if hasattr(target, "closest") else None
        if nav is None and hasattr(target, "closest"):
            nav = node(target.closest(".panel, .hand-area, .exposed"))
        if nav is not None and move_focus(nav, target, key):
            evt.preventDefault()
    elif key in ("h", "H") and page.app is not None and page.app.legal():
        if not (page.dialog is not None and page.dialog.open):
            page.app.request_hint()
    elif key == "Escape" and page.app is not None:
        if page.app.ui.joker_menu:
            page.app.close_joker_menu()
        elif page.app.ui.peek:
            page.app.toggle_peek()


def move_focus(container: Any, current: Any, key: str) -> bool:
    """Move the focus among ``container``'s enabled buttons by an arrow, Home or End key;
    ``False`` if it has none."""
    items = [
        el
        for el in container.querySelectorAll("button:not([disabled])")
        if el.offsetParent is not None
    ]
    if not items:
        return False
    try:
        index = items.index(current)
    except ValueError:
        index = -1
    if key == "Home":
        nxt = items[0]
    elif key == "End":
        nxt = items[-1]
    elif key in ("ArrowLeft", "ArrowRight") or index < 0:
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        nxt = items[(index + step) % len(items)] if index >= 0 else items[0]
    else:
        here = current.getBoundingClientRect()
        cx, cy = here.left + here.width / 2, here.top + here.height / 2
        best, best_score = None, None
        for el in items:
            if el is current:
                continue
            r = el.getBoundingClientRect()
            ex, ey = r.left + r.width / 2, r.top + r.height / 2
            dy = ey - cy
            if (key == "ArrowDown" and dy <= 4) or (key == "ArrowUp" and dy >= -4):
                continue
            score = abs(dy) * 3 + abs(ex - cx)
            if best_score is None or score < best_score:
                best, best_score = el, score
        if best is None:
            step = 1 if key == "ArrowDown" else -1
            best = items[(index + step) % len(items)]
        nxt = best
    for el in items:
        if el.getAttribute("tabindex") == "0" and el is not nxt:
            el.setAttribute("tabindex", "-1")
    if nxt.hasAttribute("tabindex"):
        nxt.setAttribute("tabindex", "0")
    nxt.focus()
    return True
