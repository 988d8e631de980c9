"""Rami 51 and Rami 40: rules engine, meld solver, computer opponents and clients."""

__version__ = "0.2.0"
