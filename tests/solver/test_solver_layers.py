"""The solver's core stays below the engine: importing it loads only the bottom layers
(cards, melds, rules, errors, and scoring for what cards cost left in hand)."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import rami.solver
layers = {name.split(".")[1] for name in sys.modules if name.startswith("rami.")}
print(" ".join(sorted(layers)))
"""


def test_core_imports_only_the_bottom_layers() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert set(out.stdout.split()) <= {"cards", "melds", "rules", "errors", "scoring", "solver"}


def test_table_and_hint_modules_are_not_imported_by_the_core() -> None:
    code = CHECK.replace("layers =", "assert 'rami.solver.table' not in sys.modules\nlayers =")
    subprocess.run([sys.executable, "-c", code], check=True)
