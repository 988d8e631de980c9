"""The setup screen of ``rami play`` without options: rules, players, bots, name, seed.

The preset's one-line summary is shown under its choice; the reference rules are on by
default, and switching them off opens every rule option for editing (house rules).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.i18n import LANGUAGE_NAMES, LANGUAGES, level_name, translator
from rami.rules import PRESET_SUMMARIES, PRESETS, RuleSet
from rami.tui.options import OptionField, option_fields
from rami.tui.settings import GameSettings, default_level

SETUP_CSS = """
SetupScreen { align: center top; }
#setup { width: 100; max-width: 100%; height: 1fr; padding: 1 2; }
#setup-title { text-style: bold; color: $accent; margin-bottom: 1; }
.row { height: auto; margin-bottom: 1; }
.row Label { width: 30; padding: 0 1 0 0; }
.row Select, .row Input { width: 1fr; }
#summary { color: $text-muted; margin: 0 0 1 30; }
#house { height: auto; display: none; border: round $warning; padding: 0 1; }
#house.-shown { display: block; }
#house .row { margin-bottom: 0; }
#actions { dock: bottom; height: auto; padding: 0 2 1 2; }
#error { color: $error; height: auto; }
"""
MAX_BOTS = 5


class SetupScreen(Screen[GameSettings]):
    """Choose the game; dismisses with the settings when Start is pressed."""

    CSS = SETUP_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", show=False)]

    def __init__(self, lang: str, name: str) -> None:
        super().__init__()
        self.lang = lang
        self.player_name = name
        self.fields: list[OptionField] = []

    def compose(self) -> ComposeResult:
        """One row per choice, then the house rules and the Start button."""
        tr = translator(self.lang)
        presets = [(name, name) for name in PRESETS]
        with VerticalScroll(id="setup"):
            yield Static(tr.gettext("New game of Rami"), id="setup-title")
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Language"))
                languages = [(LANGUAGE_NAMES[code], code) for code in LANGUAGES]
                yield Select(languages, value=self.lang, allow_blank=False, id="lang", compact=True)
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Rules"))
                yield Select(presets, value="rami51", allow_blank=False, id="preset", compact=True)
            yield Static(self._summary("rami51"), id="summary")
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Players"))
                players = [(str(n), n) for n in range(2, 7)]
                yield Select(players, value=2, allow_blank=False, id="players", compact=True)
            levels = [(level_name(level, self.lang), level) for level in LEVELS]
            for seat in range(1, MAX_BOTS + 1):
                with Horizontal(classes="row", id=f"bot-row-{seat}"):
                    yield Label(tr.gettext("Computer player {number}", number=seat))
                    yield Select(
                        levels,
                        value=default_level(),
                        allow_blank=False,
                        id=f"bot-{seat}",
                        compact=True,
                    )
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Your name"))
                yield Input(self.player_name, id="name", compact=True)
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Seed (empty: random)"))
                yield Input("", id="seed", compact=True)
            with Horizontal(classes="row"):
                yield Label(tr.gettext("Reference rules"))
                yield Switch(True, id="reference")
            with Vertical(id="house"):
                self.fields = option_fields(PRESETS["rami51"], self.lang)
                for option in self.fields:
                    with Horizontal(classes="row"):
                        yield Label(option.label)
                        yield option.widget
        with Vertical(id="actions"):
            yield Static("", id="error")
            yield Button(tr.gettext("Start"), id="start", variant="success")

    def on_mount(self) -> None:
        """Show as many bot rows as there are opponents."""
        self._show_bot_rows(2)

    def _summary(self, preset: str) -> str:
        summary = PRESET_SUMMARIES.get(preset, "")
        return translator(self.lang).gettext(summary) if summary else ""

    def _show_bot_rows(self, players: int) -> None:
        for seat in range(1, MAX_BOTS + 1):
            self.query_one(f"#bot-row-{seat}").display = seat < players

    @on(Select.Changed, "#lang")
    async def _language_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.lang:
            kept = self._choices()
            old = translator(self.lang).pgettext("the player's name", "You")
            self.lang = event.value
            if kept.get("name") == old:
                kept["name"] = translator(self.lang).pgettext("the player's name", "You")
            await self.recompose()
            self._show_bot_rows(2)
            for ident, value in kept.items():
                widget = self.query_one(f"#{ident}")
                if isinstance(widget, (Select, Input, Switch)):
                    widget.value = value
            self.query_one("#lang", Select).focus()

    def _choices(self) -> dict[str, Any]:
        """What the player chose so far (kept when the screen changes language)."""
        idents = ["preset", "players", *(f"bot-{n}" for n in range(1, MAX_BOTS + 1))]
        idents += ["name", "seed", "reference"]
        kept: dict[str, Any] = {}
        for ident in idents:
            widget = self.query_one(f"#{ident}")
            if isinstance(widget, (Select, Input, Switch)):
                kept[ident] = widget.value
        return kept

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        preset = str(event.value)
        self.query_one("#summary", Static).update(self._summary(preset))
        for option in self.fields:
            option.set_value(getattr(PRESETS[preset], option.name))

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_bot_rows(event.value)

    @on(Switch.Changed, "#reference")
    def _reference_changed(self, event: Switch.Changed) -> None:
        self.query_one("#house").set_class(not event.value, "-shown")

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Check the choices and start the game (or say what is wrong)."""
        tr = translator(self.lang)
        try:
            settings = self.settings()
        except (RamiError, ValueError) as error:
            message = error.message if isinstance(error, RamiError) else str(error)
            text = tr.gettext("These settings cannot be played: {reason}", reason=message)
            self.query_one("#error", Static).update(text)
            return
        self.dismiss(settings)

    def settings(self) -> GameSettings:
        """The settings chosen on the screen; raises ValueError or RamiError when invalid."""
        preset = str(self.query_one("#preset", Select).value)
        rules = PRESETS[preset]
        if not self.query_one("#reference", Switch).value:
            changes: dict[str, Any] = {o.name: o.value() for o in self.fields}
            changed = {k: v for k, v in changes.items() if getattr(rules, k) != v}
            if changed:
                rules = rules.replace(**changed)
        players = self.query_one("#players", Select).value
        assert isinstance(players, int)
        if not rules.min_players <= players <= rules.max_players:
            tr = translator(self.lang)
            raise ValueError(
                tr.gettext(
                    "these rules are for {low} to {high} players",
                    low=rules.min_players,
                    high=rules.max_players,
                )
            )
        bots = tuple(
            str(self.query_one(f"#bot-{seat}", Select).value) for seat in range(1, players)
        )
        name = self.query_one("#name", Input).value.strip() or self.player_name
        seed = self.query_one("#seed", Input).value.strip() or None
        return GameSettings(rules=_named(rules), name=name, bots=bots, seed=seed, lang=self.lang)


def _named(rules: RuleSet) -> RuleSet:
    """The preset with exactly these options, if any (so that it keeps its name)."""
    return next((preset for preset in PRESETS.values() if preset == rules), rules)
