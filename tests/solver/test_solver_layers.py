"""The solver stays below the engine: importing it loads only the bottom layers (cards, melds,
rules, errors, and scoring for what cards cost left in hand), never the views or planning."""

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
