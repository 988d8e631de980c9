"""The process a terminal review runs in: ``python -m rami.tui.reviewproc``.

It reads one pickled request on stdin (the record's text, the seat, the budget, the language,
the rounds) and writes pickled messages on stdout: ``("progress", done, total)`` after each
decision, then ``("done", review)`` or ``("error", words)``. Run apart from the interface, the
judging never holds the interface's interpreter lock, and ending the process ends it at once.
"""

from __future__ import annotations

import pickle
import sys
from typing import BinaryIO

from rami.records import loads
from rami.review import DEFAULT_SEED, review_record


def serve(source: BinaryIO, out: BinaryIO) -> None:
    """Answer the request read from ``source`` on ``out``."""
    text, seat, budget, lang, rounds = pickle.load(source)

    def send(message: tuple[object, ...]) -> None:
        pickle.dump(message, out)
        out.flush()

    def progress(done: int, total: int) -> None:
        send(("progress", done, total))

    try:
        review = review_record(loads(text), seat, budget, DEFAULT_SEED, lang, progress, rounds)
    except Exception as error:  # every failure reaches the screen as words
        send(("error", f"{type(error).__name__}: {error}"))
    else:
        send(("done", review))


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
