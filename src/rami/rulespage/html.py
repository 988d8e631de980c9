"""Rendering a page as one self-contained HTML file: inline CSS, no external resources."""

from __future__ import annotations

from html import escape

from rami.rulespage.document import (
    Block,
    CardRef,
    Code,
    Heading,
    ListBlock,
    Page,
    Paragraph,
    Span,
    Strong,
    Table,
    Text,
)

STYLE = """
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de;
  --red: #c8102e; --black: #1d1d1f; --joker: #6a3fb5; --band: #f4f4f6; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 50rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
h1 { font-size: 1.8rem; line-height: 1.2; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 0.5rem; padding-bottom: 0.2rem;
  border-bottom: 2px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.4rem; }
nav { font-size: 0.9rem; color: var(--muted); }
nav a { color: inherit; }
.table { overflow-x: auto; margin: 0.75rem 0 1.25rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.6rem;
  border-bottom: 1px solid var(--line); }
thead th { background: var(--band); font-weight: 600; }
td code { display: block; color: var(--muted); font-size: 0.8rem; }
.card { display: inline-block; min-width: 2.1em; margin: 0 0.15em 0.15em 0; padding: 0.05em 0.3em;
  border: 1px solid #b9b9c0; border-radius: 0.3em; background: #fff; text-align: center;
  font-weight: 600; white-space: nowrap; box-shadow: 0 1px 0 rgba(0, 0, 0, 0.08); }
.red { color: var(--red); }
.black { color: var(--black); }
.joker { color: var(--joker); }
.names { display: block; color: var(--muted); font-size: 0.82rem; }
p .names { display: inline; }
@media (max-width: 40rem) {
  thead { display: none; }
  table, tbody, tr, td { display: block; width: 100%; }
  tr { border: 1px solid var(--line); border-radius: 0.4rem; margin-bottom: 0.6rem; }
  td { border: 0; padding: 0.3rem 0.6rem; }
  td::before { content: attr(data-label); display: block; font-size: 0.75rem;
    color: var(--muted); text-transform: uppercase; letter-spacing: 0.03em; }
}
@media print {
  nav { display: none; }
  main { max-width: none; padding: 0; }
  .table { overflow: visible; }
  tr, .card { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  .card { box-shadow: none; }
}
"""


def _card(card: CardRef) -> str:
    colour = "joker" if card.face == "🃏" else ("red" if card.red else "black")
    return f'<span class="card {colour}" title="{escape(card.name)}">{escape(card.face)}</span>'


def _flush(cards: list[CardRef], out: list[str]) -> None:
    if cards:
        names = ", ".join(card.name for card in cards)
        out.append("".join(_card(card) for card in cards))
        out.append(f' <span class="names">{escape(names)}</span>')
        cards.clear()


def spans(text: Text) -> str:
    """Inline HTML: cards as small coloured faces followed by their names."""
    out: list[str] = []
    cards: list[CardRef] = []
    for span in text:
        if isinstance(span, CardRef):
            cards.append(span)
            continue
        _flush(cards, out)
        out.append(_span(span))
    _flush(cards, out)
    return "".join(out)


def _span(span: Span) -> str:
    if isinstance(span, Strong):
        return f"<strong>{escape(span.text)}</strong>"
    if isinstance(span, Code):
        return f"<code>{escape(span.text)}</code>"
    return escape(str(span))


def _table(table: Table) -> str:
    head = "".join(f"<th>{escape(cell)}</th>" for cell in table.header)
    rows = []
    for row in table.rows:
        cells = "".join(
            f'<td data-label="{escape(label)}">{spans(cell)}</td>'
            for label, cell in zip(table.header, row, strict=True)
        )
        rows.append(f"<tr>{cells}</tr>")
    body = "\n".join(rows)
    return (
        f'<div class="table"><table>\n<thead><tr>{head}</tr></thead>\n'
        f"<tbody>\n{body}\n</tbody>\n</table></div>"
    )


def block(item: Block) -> str:
    """One block as HTML."""
    if isinstance(item, Heading):
        return f'<h{item.level} id="{item.anchor}">{escape(item.text)}</h{item.level}>'
    if isinstance(item, Paragraph):
        return f"<p>{spans(item.text)}</p>"
    if isinstance(item, ListBlock):
        tag = "ol" if item.ordered else "ul"
        entries = "\n".join(f"<li>{spans(entry)}</li>" for entry in item.items)
        return f"<{tag}>\n{entries}\n</{tag}>"
    return _table(item)


def render_html(page: Page) -> str:
    """The whole page as a standalone HTML document."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{page.lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(page.title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
    ]
    if page.links:
        links = " · ".join(
            f'<a href="{escape(link.href)}" hreflang="{link.lang}" lang="{link.lang}">'
            f"{escape(link.label)}</a>"
            for link in page.links
        )
        parts.append(f"<nav>{escape(page.links_label)} {links}</nav>")
    parts.append(f"<h1>{escape(page.title)}</h1>")
    parts += [block(item) for item in page.blocks]
    parts += ["</main>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"
