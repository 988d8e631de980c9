"""Browser tests: Debian's Chromium driven by Playwright; the live-server helpers are shared."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent / "server"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
