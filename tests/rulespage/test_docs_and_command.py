"""The checked-in pages are current, and ``rami rules`` prints or writes the same pages."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from rami.cli import rules_cmd
from rami.i18n import LANGUAGES
from rami.rules import get_rules
from rami.rulespage import render_rules_page
from rami.rulespage.docs import (
    DOC_PRESETS,
    REGIONAL_PAGES,
    expected_docs,
    stale_docs,
    write_docs,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def _app() -> typer.Typer:
    app = typer.Typer()
    rules_cmd.register(app)

    @app.command("noop")
    def noop() -> None:
        """A second command, so that ``rules`` stays a named subcommand."""

    return app


def test_docs_rules_pages_are_not_stale() -> None:
    assert stale_docs(DOCS) == [], "regenerate with: rami rules --write-docs"


def test_docs_cover_every_language_preset_and_format() -> None:
    files = expected_docs()
    for lang in LANGUAGES:
        for preset in DOC_PRESETS:
            assert f"{lang}/{preset}.md" in files
            assert f"{lang}/{preset}.html" in files
    for lang, presets in REGIONAL_PAGES.items():
        for preset in presets:
            for fmt in ("md", "html"):
                assert f"{lang}/{preset}.{fmt}" in files
                assert f"({lang}/{preset}.{fmt})" in files["README.md"]
    assert '<a href="../pt/rami51.html" hreflang="pt"' in files["fr/rami51.html"]
    assert "[Română](../ro/rami40.md)" in files["en/rami40.md"]


def test_write_docs_writes_then_leaves_current_files_alone(tmp_path: Path) -> None:
    assert len(write_docs(tmp_path)) == len(expected_docs())
    assert write_docs(tmp_path) == []
    assert stale_docs(tmp_path) == []


def test_command_prints_the_page() -> None:
    result = CliRunner().invoke(_app(), ["rules", "--rules", "rami40", "--lang", "pt"])
    assert result.exit_code == 0
    assert result.output == render_rules_page(get_rules("rami40"), "pt", "md")


def test_command_writes_html_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    args = ["rules", "--lang", "vi", "--format", "html", "--output", str(out)]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0
    assert out.read_text(encoding="utf-8") == render_rules_page(get_rules("rami51"), "vi", "html")


def test_command_refuses_bad_input() -> None:
    for args, code in (
        (["--lang", "de"], "unknown_language"),
        (["--rules", "gin"], "unknown_preset"),
        (["--format", "pdf"], "unknown_format"),
    ):
        result = CliRunner().invoke(_app(), ["rules", *args])
        assert result.exit_code == 2
        assert code in result.output


def test_command_checks_and_writes_docs(tmp_path: Path) -> None:
    stale = CliRunner().invoke(_app(), ["rules", "--check-docs", "--docs-dir", str(tmp_path)])
    assert stale.exit_code == 1
    wrote = CliRunner().invoke(_app(), ["rules", "--write-docs", "--docs-dir", str(tmp_path)])
    assert wrote.exit_code == 0
    fresh = CliRunner().invoke(_app(), ["rules", "--check-docs", "--docs-dir", str(tmp_path)])
    assert fresh.exit_code == 0


def test_the_polish_preset_page_says_when_the_discard_may_be_taken() -> None:
    page = (DOCS / "pl" / "rami51-pl.md").read_text(encoding="utf-8")
    rules = get_rules("rami51-pl")
    assert rules.discard_pickup == "opened_or_opening"
    assert f"rami51-pl, odcisk {rules.hash}" in page
    assert "po otwarciu albo żeby się nią otworzyć" in page
    assert "tylko wtedy, gdy już się otworzyłeś albo otwierasz się w tej turze" in page
    assert (DOCS / "pl" / "rami51-pl.html").exists()
