"""Write a benchmark's measured figures into their marked blocks of docs/PERFORMANCE.md.

Headings, commands and explanations live in the Markdown file; a script replaces only what
sits between ``<!-- bench:NAME -->`` and ``<!-- /bench:NAME -->``. A block the file does not
mark yet is appended at its end.
"""

from __future__ import annotations

import platform
import re
from pathlib import Path

PERFORMANCE = Path(__file__).resolve().parent.parent / "docs" / "PERFORMANCE.md"


def machine() -> str:
    """A one-line description of the machine and interpreter."""
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}"


def write_section(name: str, markdown: str, path: Path = PERFORMANCE) -> None:
    """Replace (or append) the block marked ``name`` in ``path``."""
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{markdown.strip()}\n{end}"
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: block, text)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def publish(name: str, markdown: str, write: bool) -> None:
    """Print a benchmark's block and, when ``write``, store it in docs/PERFORMANCE.md."""
    publish_blocks({name: markdown}, write)


def publish_blocks(blocks: dict[str, str], write: bool) -> None:
    """Print several blocks and, when ``write``, store each in docs/PERFORMANCE.md."""
    for name, markdown in blocks.items():
        print(f"[{name}]\n{markdown.strip()}\n", flush=True)
        if write:
            write_section(name, markdown)
