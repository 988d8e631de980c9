"""The help screen: the keys, then the rules page of the table's rule set."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from rami.i18n import translator
from rami.rules import PRESET_SUMMARIES, RuleSet


def keys_markdown(lang: str) -> str:
    """The keyboard and mouse controls as a Markdown list."""
    tr = translator(lang)
    rows = [
        ("← →", tr.gettext("move along your hand")),
        ("Home End", tr.gettext("to the first or the last card")),
        (tr.gettext("Space / click"), tr.gettext("select or unselect a card")),
        ("Esc", tr.gettext("unselect every card")),
        ("Shift+← →  < >", tr.gettext("move the card under the cursor left or right")),
        ("S", tr.gettext("draw from the stock")),
        ("D", tr.gettext("take the top card of the discard pile")),
        ("M", tr.gettext("meld the selected cards (before opening: stage them)")),
        ("O", tr.gettext("open with the staged melds")),
        ("U", tr.gettext("take the staged melds back into your hand")),
        (tr.gettext("↑ ↓ / click"), tr.gettext("choose a meld on the table")),
        ("L", tr.gettext("lay off the selected card on the chosen meld")),
        ("J", tr.gettext("take back the joker of the chosen meld with the selected card")),
        ("X", tr.gettext("discard the selected card (or the one under the cursor)")),
        ("R", tr.gettext("sort the hand by suit or by rank")),
        ("H", tr.gettext("hint")),
        ("P", tr.gettext("show the whole discard pile")),
        ("?", tr.gettext("this help")),
        ("Q", tr.gettext("save and quit")),
    ]
    return _keys_list(tr.gettext("Keys"), rows)


def viewer_keys_markdown(lang: str) -> str:
    """The replay viewer's keys as a Markdown list."""
    tr = translator(lang)
    rows = [
        (tr.gettext("→ / Space"), tr.gettext("one action forward")),
        ("←", tr.gettext("one action back")),
        ("PgDn N", tr.gettext("to the next round's deal")),
        ("PgUp B", tr.gettext("to this round's deal, then the one before")),
        ("Home End", tr.gettext("to the first or the last step")),
        ("Tab", tr.gettext("look from the next seat")),
        ("P", tr.gettext("show the whole discard pile")),
        ("M", tr.gettext("to the next decision the review marks")),
        ("?", tr.gettext("this help")),
        ("Q Esc", tr.gettext("leave the replay")),
    ]
    return _keys_list(tr.gettext("Replay keys"), rows)


def _keys_list(title: str, rows: list[tuple[str, str]]) -> str:
    lines = [f"# {title}", ""]
    lines += [f"- **{key}** — {what}" for key, what in rows]
    return "\n".join(lines)


def rules_markdown(rules: RuleSet, lang: str) -> str:
    """The rules page of ``rules`` in Markdown, or a summary when no page can be built."""
    try:
        from rami.rulespage import render_rules_page
    except ImportError:  # pragma: no cover - the rules page ships with the package
        return _summary(rules, lang)
    try:
        return render_rules_page(rules, lang, "md")
    except Exception:  # pragma: no cover - a broken page must not end the game
        return _summary(rules, lang)


def _summary(rules: RuleSet, lang: str) -> str:
    tr = translator(lang)
    summary = PRESET_SUMMARIES.get(rules.name, "")
    title = tr.gettext("Rules: {name} ({hash})", name=rules.name, hash=rules.hash)
    return f"# {title}\n\n{tr.gettext(summary) if summary else ''}"


class HelpScreen(ModalScreen[None]):
    """Keys and rules; any of Escape, ? or Q closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 90%; height: 90%; border: thick $accent; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,f1", "close", show=False)
    ]

    def __init__(self, rules: RuleSet, lang: str, keys: str | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.lang = lang
        self.keys = keys if keys is not None else keys_markdown(lang)
        """The keys to list first (Markdown; default: the table's keys)."""

    def compose(self) -> ComposeResult:
        """The keys and the rules, scrolling together."""
        text = self.keys + "\n\n" + rules_markdown(self.rules, self.lang)
        with VerticalScroll(id="help"):
            yield Markdown(text)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
