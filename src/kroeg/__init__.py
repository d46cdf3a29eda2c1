"""Kroeg: an online pub for the Dutch bar card games Toepen, Klaverjassen and Eurokaarten."""

__version__ = "0.1.0"
