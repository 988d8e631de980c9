"""Rendering a page as Markdown (GitHub flavour: pipe tables)."""

from __future__ import annotations

from rami.rulespage.document import (
    Block,
    CardRef,
    Code,
    Heading,
    ListBlock,
    Page,
    Paragraph,
    Strong,
    Table,
    Text,
)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*")


def spans(text: Text) -> str:
    """Inline Markdown for spans; consecutive cards are separated by commas."""
    out: list[str] = []
    previous_card = False
    for span in text:
        if isinstance(span, CardRef):
            out.append((", " if previous_card else "") + _escape(span.name))
        elif isinstance(span, Strong):
            out.append(f"**{_escape(span.text)}**")
        elif isinstance(span, Code):
            out.append(f"`{span.text}`")
        else:
            out.append(_escape(span))
        previous_card = isinstance(span, CardRef)
    return "".join(out)


def _table(table: Table) -> str:
    lines = [
        "| " + " | ".join(_escape(cell) for cell in table.header) + " |",
        "|" + "---|" * len(table.header),
    ]
    lines += ["| " + " | ".join(spans(cell) for cell in row) + " |" for row in table.rows]
    return "\n".join(lines)


def block(item: Block) -> str:
    """One block as Markdown."""
    if isinstance(item, Heading):
        return "#" * item.level + " " + _escape(item.text)
    if isinstance(item, Paragraph):
        return spans(item.text)
    if isinstance(item, ListBlock):
        return "\n".join(
            f"{f'{i}.' if item.ordered else '-'} {spans(entry)}"
            for i, entry in enumerate(item.items, start=1)
        )
    return _table(item)


def render_markdown(page: Page) -> str:
    """The whole page as Markdown, ending with one newline."""
    parts = [f"# {_escape(page.title)}"]
    if page.links:
        links = " · ".join(f"[{link.label}]({link.href})" for link in page.links)
        parts.append(f"{_escape(page.links_label)} {links}")
    parts += [block(item) for item in page.blocks]
    return "\n\n".join(parts) + "\n"
