"""Make the planning test helpers (the engine-driven turn oracle) importable by their names."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
