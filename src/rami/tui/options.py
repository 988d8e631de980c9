"""Rule options as form fields: a choice list for listed values, a number box for ranges.

Labels and value names come from the rules page's option descriptions
(:data:`rami.rulespage.options.OPTIONS`), so the setup screen and the rules page use the same
words in every language.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Input, Select

from rami.rules import RuleSet
from rami.rulespage.context import Context
from rami.rulespage.options import (
    OPTIONS,
    Range,
    option_names,
    other_choices,
    reference_value,
    value_text,
)


class OptionField:
    """One rule option on the form: its widget, and its value read back."""

    def __init__(self, name: str, label: str, widget: Widget, values: list[Any]) -> None:
        self.name = name
        self.label = label
        self.widget = widget
        self.values = values
        """Select: the value of each choice by position. Input: [] (a whole number or none)."""

    def value(self) -> Any:
        """The value on the form; raises ValueError for a number box that holds no number."""
        if isinstance(self.widget, Select):
            return self.values[int(str(self.widget.value))]
        assert isinstance(self.widget, Input)
        text = self.widget.value.strip()
        if not text:
            return None
        return int(text)

    def set_value(self, value: Any) -> None:
        """Show ``value`` (when a preset is chosen)."""
        if isinstance(self.widget, Select):
            if value in self.values:
                self.widget.value = str(self.values.index(value))
        elif isinstance(self.widget, Input):
            self.widget.value = "" if value is None else str(value)


def option_fields(rules: RuleSet, lang: str) -> list[OptionField]:
    """A field per rule option, showing the values of ``rules``."""
    ctx = Context(rules, lang)
    fields = []
    for name in option_names():
        doc = OPTIONS[name]
        current = getattr(rules, name)
        choices = [reference_value(name), *other_choices(name)]
        label = ctx.tr.gettext(doc.label)
        if any(isinstance(choice, Range) for choice in choices):
            box = Input(
                "" if current is None else str(current),
                placeholder=value_text(ctx, name, None) if None in choices else "",
                id=f"option-{name}",
                compact=True,
            )
            fields.append(OptionField(name, label, box, []))
            continue
        values = list(dict.fromkeys(choices))
        if current not in values:
            values.append(current)
        shown = [(value_text(ctx, name, value), str(i)) for i, value in enumerate(values)]
        select = Select(
            shown,
            value=str(values.index(current)),
            allow_blank=False,
            id=f"option-{name}",
            compact=True,
        )
        fields.append(OptionField(name, label, select, values))
    return fields
