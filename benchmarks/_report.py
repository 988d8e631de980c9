"""Write one benchmark's figures into its own section of docs/PERFORMANCE.md."""

from __future__ import annotations

import platform
import re
from pathlib import Path

PERFORMANCE = Path(__file__).resolve().parent.parent / "docs" / "PERFORMANCE.md"
HEADER = (
    "# Performance\n\n"
    "Every figure below is written by a script in `benchmarks/`; the command above each "
    "section reproduces it. Times are wall-clock on the project machine (2 cores), so compare "
    "ratios measured in the same run rather than absolute numbers across runs.\n"
)


def machine() -> str:
    """A one-line description of the machine and interpreter."""
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}"


def write_section(name: str, markdown: str) -> None:
    """Replace (or append) the section marked ``name`` in docs/PERFORMANCE.md."""
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    block = f"{start}\n{markdown.strip()}\n{end}"
    text = PERFORMANCE.read_text(encoding="utf-8") if PERFORMANCE.exists() else HEADER
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: block, text)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    PERFORMANCE.parent.mkdir(parents=True, exist_ok=True)
    PERFORMANCE.write_text(text, encoding="utf-8")


def publish(name: str, markdown: str, write: bool) -> None:
    """Print a benchmark's section and, when ``write``, store it in docs/PERFORMANCE.md."""
    print(markdown)
    if write:
        write_section(name, markdown)
