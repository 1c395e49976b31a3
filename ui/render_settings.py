"""The settings form and the rules page (HTML strings, generated from the engine's options).

Form controls carry ``data-rule="<option>"`` (rule options), ``data-setting="<field>"``
(other settings) and ``data-seat`` for per-seat fields; the page reads them on change.
"""

from __future__ import annotations

from typing import Any

from game.rules import OPTIONS, Rules
from ui import looks, names
from ui.cards_svg import suit_class, suit_icon
from ui.html import button, classes, dialog_buttons, esc, tag
from ui.i18n import _, available_languages, language_name, pgettext
from ui.options import (
    GROUPS,
    option_help,
    option_label,
    preset_label,
    score_table,
    value_label,
)
from ui.settings import LEVELS, SPEEDS, Settings


def _speed_label(speed: str) -> str:
    return {
        "instant": pgettext("bot speed", "Instant"),
        "fast": pgettext("bot speed", "Fast"),
        "normal": pgettext("bot speed", "Normal"),
        "slow": pgettext("bot speed", "Slow"),
    }[speed]


def _level_label(level: str) -> str:
    return {
        "easy": pgettext("bot level", "Easy"),
        "normal": pgettext("bot level", "Normal"),
        "hard": pgettext("bot level", "Hard"),
        "expert": pgettext("bot level", "Expert"),
    }[level]


def _select(id_: str, options: list[tuple[str, str]], current: str, **data: Any) -> str:
    opts = "".join(
        tag("option", esc(label), value=value, selected=value == current)
        for value, label in options
    )
    return tag("select", opts, id=id_, **data)


def _field(id_: str, label: str, control: str, help_text: str = "") -> str:
    help_html = tag("p", esc(help_text), class_="help", id=f"{id_}-help") if help_text else ""
    return tag(
        "div",
        tag("label", esc(label), for_=id_) + control + help_html,
        class_="field",
    )


def render_settings(draft: Settings, message: str = "") -> str:
    rules = draft.rules()
    players = rules.players
    # Players
    rows = []
    for seat in range(players):
        default = names.default_name(seat, players)
        name_input = tag(
            "input",
            "",
            id=f"set-name-{seat}",
            type="text",
            value=draft.name(seat),
            placeholder=default,
            maxlength="20",
            autocomplete="off",
            data_setting="name",
            data_seat=str(seat),
        )
        label = _("Your name") if seat == 0 else _("Seat {n} name").format(n=seat + 1)
        cells = _field(f"set-name-{seat}", label, name_input.replace("></input>", ">"))
        if seat != 0:
            level = _select(
                f"set-level-{seat}",
                [(lv, _level_label(lv)) for lv in LEVELS],
                draft.level(seat),
                data_setting="level",
                data_seat=str(seat),
            )
            # The select's description names the seat (the label alone says "Bot level").
            level = level.replace("<select ", f'<select aria-describedby="set-who-{seat}" ', 1)
            who = tag(
                "span", esc(draft.name(seat) or default), id=f"set-who-{seat}", class_="sr-only"
            )
            cells += _field(f"set-level-{seat}", _("Bot level"), level + who)
        rows.append(tag("div", cells, class_="seat-row"))
    players_html = tag("fieldset", tag("legend", esc(_("Players"))) + "".join(rows))

    pace = _field(
        "set-speed",
        _("Bots' speed"),
        _select(
            "set-speed", [(s, _speed_label(s)) for s in SPEEDS], draft.speed, data_setting="speed"
        ),
    )
    checks = ""
    for key, label, help_text in (
        (
            "auto_hints",
            _("Show suggestions automatically"),
            _("On your turn, the best bot's suggestion is highlighted with its reason."),
        ),
        (
            "auto_continue",
            _("Go on to the next hand by itself"),
            _("A finished hand's result goes away after a few seconds, without Next hand."),
        ),
        (
            "auto_forced",
            _("Play forced cards for me"),
            _("When only one of your cards may be played, it is played by itself."),
        ),
        (
            "four_colour",
            _("Four-colour deck"),
            _("Clubs green and diamonds blue, so the four suits never look alike."),
        ),
        (
            "undo",
            _("Allow undo"),
            _("Take back your last bid or card while the auction or trick is still open."),
        ),
        (
            "sound",
            _("Sounds"),
            _("A card played, a trick won, your turn, a game won."),
        ),
    ):
        box = tag(
            "input",
            "",
            type="checkbox",
            id=f"set-{key}",
            checked=bool(getattr(draft, key)),
            data_setting=key,
            aria_describedby=f"set-{key}-help",
        ).replace("></input>", ">")
        checks += tag(
            "div",
            tag("label", box + tag("span", esc(label)), for_=f"set-{key}", class_="check")
            + tag("p", esc(help_text), class_="help", id=f"set-{key}-help"),
            class_="field",
        )
    languages = [("", _("Automatic (the browser's language)"))] + [
        (code, language_name(code)) for code in available_languages()
    ]
    language = _field(
        "set-language",
        _("Language"),
        _select("set-language", languages, draft.language, data_setting="language"),
        _("The page reloads in the new language when you save."),
    )
    pace_html = tag("fieldset", tag("legend", esc(_("Pace and help"))) + pace + checks + language)
    looks_html = tag(
        "fieldset",
        tag("legend", esc(_("Looks")))
        + "".join(
            _field(
                f"set-{kind}",
                label,
                _select(
                    f"set-{kind}", looks.choices(kind), getattr(draft, kind), data_setting=kind
                ),
            )
            for kind, label in (
                ("theme", _("Theme")),
                ("felt", _("Table colour")),
                ("back", _("Card backs")),
            )
        ),
    )

    presets = [(p, preset_label(p)) for p in Rules.PRESETS]
    if draft.preset == "custom":
        presets.append(("custom", preset_label("custom")))
    preset = _field(
        "set-preset",
        _("Preset"),
        _select("set-preset", presets, draft.preset, data_setting="preset"),
        _("Every option below is set by the preset; change any of them to make your own."),
    )
    groups = []
    for title, option_names in GROUPS:
        fields = []
        for name in option_names:
            spec = OPTIONS[name]
            value = draft.rules_dict.get(name)
            id_ = f"rule-{name}"
            if isinstance(spec.allowed[0], bool):
                box = tag(
                    "input",
                    "",
                    type="checkbox",
                    id=id_,
                    checked=bool(value),
                    data_rule=name,
                    aria_describedby=f"{id_}-help",
                ).replace("></input>", ">")
                fields.append(
                    tag(
                        "div",
                        tag(
                            "label",
                            box + tag("span", esc(option_label(name))),
                            for_=id_,
                            class_="check",
                        )
                        + tag("p", esc(option_help(name)), class_="help", id=f"{id_}-help"),
                        class_="field",
                    )
                )
            else:
                control = _select(
                    id_,
                    [(str(v), value_label(name, v)) for v in spec.allowed],
                    str(value),
                    data_rule=name,
                    aria_describedby=f"{id_}-help",
                )
                fields.append(_field(id_, option_label(name), control, option_help(name)))
        groups.append(
            tag("fieldset", tag("legend", esc(_(title))) + "".join(fields), class_="rule-group")
        )
    notice = tag("p", esc(message), class_="form-message", role="status") if message else ""
    rules_html = tag(
        "div",
        tag("h3", esc(_("Rules")))
        + tag("p", esc(_("Changing the rules starts a new game.")), class_="note")
        + preset
        + notice
        + "".join(groups),
        class_="rules-settings",
    )
    buttons = tag(
        "div",
        tag("button", esc(_("Save")), type="button", class_="btn primary", data_ui="settings-save")
        + tag("button", esc(_("Cancel")), type="button", class_="btn", data_ui="dialog-close"),
        class_="dialog-buttons",
    )
    return (
        tag("h2", esc(_("Settings")), id="dialog-title")
        + tag(
            "div", players_html + pace_html + looks_html + rules_html, class_="dialog-body settings"
        )
        + buttons
    )


def render_score_table(rules: Rules) -> str:
    data = score_table(rules)
    head = tag("th", esc(_("Tricks")), scope="col")
    for d in ("S", "C", "D", "H"):
        head += tag(
            "th",
            suit_icon(d) + tag("span", esc(names.suit_title(d)), class_="sr-only"),
            scope="col",
        )
    head += tag("th", esc(_("NT")), scope="col", title=_("No trumps"))
    rows = []
    for level, row in zip(range(6, 11), data["grid"]):
        cells = tag("th", str(level), scope="row")
        for bid, value in row:
            cells += tag(
                "td",
                esc(value if value is not None else "—"),
                aria_label=_("{label}: {value}").format(label=names.bid_name(bid), value=value),
            )
        rows.append(tag("tr", cells))
    grid = tag(
        "table", tag("thead", tag("tr", head)) + tag("tbody", "".join(rows)), class_="score-table"
    )
    specials = ""
    if data["specials"]:
        order = data["order"]
        items = []
        for bid, value in data["specials"]:
            i = order.index(bid)
            below = order[i - 1] if i > 0 else None
            above = order[i + 1] if i + 1 < len(order) else None
            if below and above:
                where = _("ranks above {below} and below {above}").format(
                    below=names.bid_short(below), above=names.bid_short(above)
                )
            elif below:
                where = _("ranks above every other bid")
            else:
                where = _("ranks below every other bid")
            items.append(
                tag(
                    "li",
                    # Translators: a special bid, its score and where it ranks among the bids.
                    esc(_("{bid}: {points} — {where}")).format(
                        bid=tag("strong", esc(names.bid_name(bid))),
                        points=esc(names.points_text(value)),
                        where=esc(where),
                    ),
                )
            )
        specials = tag("ul", "".join(items), class_="specials-list")
    return grid + specials


def trump_order(rules: Rules, suit: str = "H") -> list[str]:
    """The trumps of a ``suit`` contract in ``rules``' deck, highest first.

    >>> trump_order(Rules.preset("australian"))[:5]
    ['JK', 'JH', 'JD', 'AH', 'KH']
    >>> trump_order(Rules.preset("46-card-1000"))[:3]
    ['BJ', 'JK', 'JH']
    """
    from game.cards import SUITS, build_deck, card_str, is_joker, sorted_cards, suit_of

    trump = SUITS.index(suit)
    deck = sorted_cards(build_deck(rules.deck), trump=trump)
    left = "J" + {"S": "C", "C": "S", "D": "H", "H": "D"}[suit]
    return [
        card_str(c)
        for c in reversed(deck)
        if is_joker(c) or suit_of(c) == trump or card_str(c) == left
    ]


def render_trump_chart(rules: Rules) -> str:
    """The order of the trumps, with hearts as the example, from this game's deck."""
    order = trump_order(rules)
    roles = {"JH": _("right bower"), "JD": _("left bower")}
    items = []
    for card in order:
        role = roles.get(card)
        label = names.card_name(card)
        text = tag("span", esc(names.card_short(card)), class_=f"short {suit_class(card)}") + tag(
            "span",
            esc(_("{card} ({role})").format(card=label, role=role) if role else label),
            class_="long",
        )
        items.append(tag("li", text, class_=classes(role and "bower")))
    return tag(
        "p",
        esc(_("Trumps from highest to lowest, with hearts as trumps for example:")),
        class_="note",
    ) + tag("ol", "".join(items), class_="trump-chart")


def render_rules_page(rules: Rules, preset: str) -> str:
    """The rules of the game in progress, from its options, with its score table."""
    k = rules.kitty_size
    summary = [
        _("{players} players, a {deck}-card pack: ten cards each and {kitty} in the kitty.").format(
            players=rules.players, deck=rules.deck, kitty=k
        ),
        _(
            "Bid a number of tricks (6 to 10) and a trump suit or no trumps; the highest bidder "
            "takes the kitty, discards as many cards, and leads."
        ),
        _(
            "Follow suit if you can. The joker is the highest trump; the jack of trumps (right "
            "bower) and the other jack of the same colour (left bower) come next."
        ),
        _(
            "Make your contract to score its value, or lose it; the defenders score 10 for each "
            "trick they take."
        ),
        _("The first side to reach {target} points wins; a side at minus {target} loses.").format(
            target=rules.target
        ),
    ]
    if rules.misere != "off":
        summary.append(
            _(
                "Misère is a bid to take no trick at all: the contractor plays with no "
                "trumps and loses the contract as soon as they win a trick; their partner "
                "sits out."
            )
            if rules.misere_partner == "sits-out" and rules.teams != "individual"
            else _(
                "Misère is a bid to take no trick at all: the contractor plays with no "
                "trumps and loses the contract as soon as they win a trick."
            )
        )
    intro = "".join(tag("li", esc(s)) for s in summary)
    sections = []
    for title, option_names in GROUPS:
        items = []
        for name in option_names:
            value = getattr(rules, name)
            items.append(
                tag(
                    "dt",
                    esc(_("{label}: {value}")).format(
                        label=esc(option_label(name)),
                        value=tag("strong", esc(value_label(name, value))),
                    ),
                )
                + tag("dd", esc(option_help(name)))
            )
        sections.append(
            tag(
                "section",
                tag("h3", esc(_(title))) + tag("dl", "".join(items)),
                class_="rule-section",
            )
        )
    return (
        tag("h2", esc(_("Rules of this game")), id="dialog-title")
        + tag(
            "div",
            tag("p", esc(_("Preset: {name}").format(name=preset_label(preset))), class_="note")
            + tag("ul", intro, class_="rules-intro")
            + tag("h3", esc(_("The trumps")))
            + render_trump_chart(rules)
            + tag("h3", esc(_("Bid values")))
            + render_score_table(rules)
            + "".join(sections),
            class_="dialog-body rules-page",
            tabindex="0",  # it scrolls, with nothing else to focus: the keyboard scrolls it
        )
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def render_stats(stats: dict[str, Any], extra: str = "", damaged: bool = False) -> str:
    """The statistics dialog; ``extra`` is more HTML for its body (history, undo, charts);
    ``damaged``: stored statistics could not be read and were kept aside."""
    games, wins = stats["games"], stats["wins"]
    rows = []
    labels = {
        "S": _("Spades"),
        "C": _("Clubs"),
        "D": _("Diamonds"),
        "H": _("Hearts"),
        "NT": _("No trumps"),
        "MIS": _("Misère"),
        "OMIS": _("Open misère"),
        "BMIS": _("Blind misère"),
        "GAME": pgettext("bid", "Game"),
    }
    for key, label in labels.items():
        entry = stats["contracts"].get(key, {"bid": 0, "made": 0})
        if entry["bid"] == 0:
            continue
        rows.append(
            tag(
                "tr",
                tag("th", esc(label), scope="row")
                + tag("td", str(entry["bid"]))
                + tag("td", str(entry["made"])),
            )
        )
    table = ""
    if rows:
        table = tag(
            "table",
            tag(
                "thead",
                tag(
                    "tr",
                    tag("th", esc(_("Contract")), scope="col")
                    + tag("th", esc(_("Bid")), scope="col")
                    + tag("th", esc(_("Made")), scope="col"),
                ),
            )
            + tag("tbody", "".join(rows)),
            class_="stats-table",
        )
    else:
        table = tag("p", esc(_("You have not won an auction yet.")), class_="note")
    summary = tag(
        "dl",
        tag("dt", esc(_("Games finished")))
        + tag("dd", str(games), data_stat="games")
        + tag("dt", esc(_("Games won")))
        + tag("dd", str(wins), data_stat="wins")
        + tag("dt", esc(_("Hands played")))
        + tag("dd", str(stats["hands"]), data_stat="hands"),
        class_="stats-summary",
    )
    return (
        tag("h2", esc(_("Statistics")), id="dialog-title")
        + tag(
            "div",
            (_damaged_note() if damaged else "")
            + summary
            + tag("h3", esc(_("Your contracts")))
            + table
            + extra,
            class_="dialog-body",
        )
        + dialog_buttons(button(_("Close"), "dialog-close", primary=True))
    )


def _damaged_note() -> str:
    return tag(
        "div",
        tag(
            "p",
            esc(
                _(
                    "Your earlier statistics were damaged and could not be read: these start "
                    "again from zero. The damaged copy is kept in this browser."
                )
            ),
        )
        + button(_("Download the damaged statistics"), "download-bad-stats"),
        class_="note damaged-stats",
        role="note",
    )
