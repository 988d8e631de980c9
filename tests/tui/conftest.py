"""Make the key-press driver importable by name; fixtures for the terminal client's tests."""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
