"""``rami rules``: print the rules page of a preset, or regenerate ``docs/rules``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import RulesOption, fail, fail_with, load_rules, write_text
from rami.errors import RamiError
from rami.i18n import LANGUAGES, check_language
from rami.rulespage import FORMATS, render_rules_page
from rami.rulespage.docs import DEFAULT_DIR, stale_docs, write_docs


def _docs(root: Path, check: bool) -> None:
    if check:
        stale = stale_docs(root)
        for relative in stale:
            typer.echo(f"stale: {root / relative}", err=True)
        if stale:
            raise typer.Exit(1)
        typer.echo(f"{root}: up to date")
        return
    changed = write_docs(root)
    for path in changed:
        typer.echo(f"wrote {path}")
    typer.echo(f"{len(changed)} file(s) rewritten under {root}")


def register(app: typer.Typer) -> None:
    """Add the ``rules`` command to ``app``."""

    @app.command("rules")
    def rules_command(
        preset: RulesOption = "rami51",
        lang: Annotated[
            str, typer.Option("--lang", metavar="LANG", help="|".join(LANGUAGES))
        ] = "en",
        fmt: Annotated[str, typer.Option("--format", metavar="FORMAT", help="md or html.")] = "md",
        output: Annotated[
            Path | None,
            typer.Option("--output", "-o", metavar="FILE", help="Write to FILE, not stdout."),
        ] = None,
        write: Annotated[
            bool,
            typer.Option(
                "--write-docs", metavar="", help="Regenerate every page under --docs-dir."
            ),
        ] = False,
        check: Annotated[
            bool,
            typer.Option(
                "--check-docs", metavar="", help="Exit 1 if a page under --docs-dir is stale."
            ),
        ] = False,
        docs_dir: Annotated[
            Path,
            typer.Option("--docs-dir", metavar="DIR", help="Where the checked-in pages live."),
        ] = DEFAULT_DIR,
    ) -> None:
        """Write the rules page of a preset, generated from the engine, in one language."""
        if write or check:
            _docs(docs_dir, check)
            return
        rules = load_rules(preset, as_json=False)
        if fmt not in FORMATS:
            fail("unknown_format", f"unknown format '{fmt}' (known: md, html)", as_json=False)
        try:
            check_language(lang)
        except RamiError as error:
            fail_with(error, as_json=False)
        text = render_rules_page(rules, lang, fmt)
        if output is None:
            sys.stdout.write(text)
        else:
            write_text(output, text, as_json=False)
