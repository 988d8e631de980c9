"""``python -m rami.cli``: the same as the ``rami`` command."""

from rami.cli import main

main()
