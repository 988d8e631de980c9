"""Issue 27.7: the page's ES modules import each other without a circle, lit-html is vendored
with its licence, and markup is escaped in one place: lit's templates (no module assembles HTML
from strings)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "rami" / "web"
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["'](\.{1,2}/[^"']+)["']""", re.M | re.S)


def import_graph() -> dict[Path, set[Path]]:
    graph: dict[Path, set[Path]] = {}
    for path in sorted((WEB / "js").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        graph[path] = {(path.parent / target).resolve() for target in IMPORT.findall(text)}
    return graph


def test_the_modules_import_each_other_without_a_circle() -> None:
    graph = import_graph()
    assert len(graph) > 20
    for path, targets in graph.items():
        for target in targets:
            assert target.exists(), f"{path.name} imports a missing {target}"
    done: set[Path] = set()

    def visit(node: Path, trail: tuple[Path, ...]) -> None:
        assert node not in trail, "import circle: " + " → ".join(p.name for p in (*trail, node))
        if node in done or node not in graph:
            return
        for target in graph[node]:
            visit(target, (*trail, node))
        done.add(node)

    for node in graph:
        visit(node, ())


def test_lit_html_is_vendored_with_its_licence_and_escapes_every_page() -> None:
    vendor = WEB / "vendor" / "lit-html"
    assert "BSD-3-Clause" in (vendor / "lit-html.js").read_text(encoding="utf-8")[:200]
    assert "Redistribution and use" in (vendor / "LICENSE").read_text(encoding="utf-8")
    for path in (WEB / "js").glob("*.js"):  # markup only through lit's templates
        text = path.read_text(encoding="utf-8")
        for assembling in ("innerHTML", "insertAdjacentHTML", "outerHTML", "escapeHtml"):
            assert assembling not in text, f"{path.name}: {assembling}"
    pyproject = (WEB.parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"web/vendor/*/LICENSE"' in pyproject and '"**/*.js"' in pyproject
