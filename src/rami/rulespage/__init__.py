"""The rules page, generated from the engine, in every language, as Markdown or HTML.

``render_rules_page(get_rules("rami40"), "pt", "html")`` returns the page; every example's
verdict and points are computed by :mod:`rami.melds` while it is built.
"""

from __future__ import annotations

from rami.rules import RuleSet
from rami.rulespage.document import Page
from rami.rulespage.html import render_html
from rami.rulespage.markdown import render_markdown
from rami.rulespage.page import LinkMaker, build_page

FORMATS = ("md", "html")


def render_page(page: Page, fmt: str) -> str:
    """A built page as text in ``fmt`` (``md`` or ``html``)."""
    if fmt == "md":
        return render_markdown(page)
    if fmt == "html":
        return render_html(page)
    raise ValueError(f"unknown format '{fmt}' (known: {', '.join(FORMATS)})")


def render_rules_page(
    rules: RuleSet, lang: str, fmt: str = "md", link: LinkMaker | None = None
) -> str:
    """The rules page of ``rules`` in ``lang`` and ``fmt``."""
    return render_page(build_page(rules, lang, link), fmt)


__all__ = ["FORMATS", "LinkMaker", "Page", "build_page", "render_page", "render_rules_page"]
