"""The views' wire form before the typed views: each game's old dict builder, kept as the
reference its typed view must encode to byte for byte."""

from typing import Any

JSON = dict[str, Any]
