"""Whole pages: every language and preset, every option, the real words, clean HTML."""

from __future__ import annotations

import dataclasses
import re

import pytest

from rami.i18n import LANGUAGES
from rami.rules import PRESETS, RuleSet, get_rules
from rami.rulespage import FORMATS, build_page, render_rules_page
from rami.rulespage.document import Code, plain
from rami.rulespage.options import OPTIONS, option_names

VOCABULARY = {
    "en": ("run", "set", "clean run", "opening"),
    "fr": ("suite", "séquence", "brelan", "carré", "suite franche", "ouverture"),
    "ro": ("suită", "terță", "careu", "etalare", "suită curată"),
    "pt": ("sequência", "trinca", "quadra", "sequência limpa"),
    "ms": ("jujukan", "set tiga", "jujukan tulen"),
    "vi": ("sảnh", "bộ ba", "tứ quý", "sảnh thuần"),
    "pl": ("sekwens", "grupa", "czysty sekwens"),
    "it": ("scala", "tris", "poker", "scala pulita"),
}
SECTIONS = (
    "summary",
    "deck",
    "deal",
    "turn",
    "melds",
    "sets",
    "runs",
    "jokers",
    "retrieval",
    "opening",
    "going-out",
    "stock",
    "scoring",
    "options",
)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_and_preset_generates(lang: str, preset: str, fmt: str) -> None:
    text = render_rules_page(get_rules(preset), lang, fmt)
    assert len(text) > 5000
    assert get_rules(preset).hash in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_section_is_there(lang: str) -> None:
    html = render_rules_page(get_rules("rami51"), lang, "html")
    for anchor in SECTIONS:
        assert f'id="{anchor}"' in html


def test_options_section_lists_every_rule_option() -> None:
    names = [f.name for f in dataclasses.fields(RuleSet) if f.name != "name"]
    assert list(option_names()) == names
    assert set(OPTIONS) == set(names)
    for preset in PRESETS:
        table = build_page(get_rules(preset), "ro").table("options")
        codes = [span.text for row in table.rows for span in row[0] if isinstance(span, Code)]
        assert codes == names


def test_options_table_shows_the_presets_values() -> None:
    table = build_page(get_rules("scala40"), "en").table("options")
    rows = dict(zip(table.keys, table.rows, strict=True))
    assert plain(rows["joker_in_hand"][1]) == "20"
    assert plain(rows["joker_in_hand"][2]) == "25 · 50"
    assert plain(rows["joker_in_hand"][3]) == "25"
    assert plain(rows["opening_points"][3]) == "40"
    assert plain(rows["match_end"][3]) == "elimination at the limit"


def test_a_custom_rule_set_is_described_too() -> None:
    rules = RuleSet(jokers_per_meld=2, joker_retrieval=False, stock_reshuffles=None)
    page = build_page(rules, "en")
    jokers = dict(zip(page.table("jokers").keys, page.table("jokers").rows, strict=True))
    assert plain(jokers["JK JK 5H 6H"][2]) == "18"  # jokers as 3H 4H, the lowest reading
    with pytest.raises(KeyError):
        page.table("retrieval")
    assert "Rami (custom rules)" in page.title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_uses_its_players_words(lang: str) -> None:
    text = render_rules_page(get_rules("rami51"), lang, "md").lower()
    for word in VOCABULARY[lang]:
        assert word in text, word


def test_example_tables_name_the_cards_in_the_language() -> None:
    text = render_rules_page(get_rules("rami40"), "pt", "md")
    assert "rei de copas, rei de espadas, rei de ouros" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_is_self_contained_and_coloured(lang: str) -> None:
    html = render_rules_page(get_rules("rami51"), lang, "html")
    assert f'<html lang="{lang}">' in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "<script" not in html and "@import" not in html
    assert 'class="card red"' in html and 'class="card black"' in html
    assert "@media (max-width" in html and "@media print" in html
    assert 'name="viewport"' in html


def test_generation_is_deterministic() -> None:
    rules = get_rules("rami51")
    assert render_rules_page(rules, "it", "html") == render_rules_page(rules, "it", "html")
