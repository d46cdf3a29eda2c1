"""The Eurokaarten options (RULES.md §7.9) and the variant ``standaard`` (seeds 003/004)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kroeg.games.base import BoolOption, ChoiceOption, IntOption, OptionSpec
from kroeg.games.eurokaarten.melds import MeldRules

OPTION_SPECS: Mapping[str, OptionSpec] = {
    "start_coins": IntOption("coins (lives) each player starts the partij with", 1, 9),
    "bokje": BoolOption("the first player to lose their last coin gets one extra life, the bokje"),
    "bokje_per_player": BoolOption(
        "every player may get the bokje once (as in Schwimmen), not only the first",
        requires="bokje",
    ),
    "hand_size": IntOption("cards dealt to each player", 3, 8),
    "turn_clock": IntOption("seconds per turn before the house plays it", 10, 600),
    "jokers": IntOption("jokers in the pack", 0, 2),
    "max_jokers_per_meld": IntOption("most jokers in one set or run", 1, 2),
    "no_adjacent_jokers": BoolOption("two jokers may not lie side by side in a run"),
    "wraparound_runs": BoolOption("runs may turn the corner, like H-A-2"),
    "open_first_turn": BoolOption("a player may open gaan on their first turn of a round"),
    "min_first_meld": IntOption(
        "points a player's first meld of a round must show; until then no lay-offs (0: any)",
        0,
        60,
    ),
    "swap_only_after_melding": BoolOption(
        "a joker may be swapped only by a player who laid a meld this round"
    ),
    "stock_empty": ChoiceOption(
        "when the stock runs out: the round ends, or the discards turn over as a new stock",
        ("end_round", "reshuffle_discards"),
    ),
    "tie_highest": ChoiceOption(
        "players tied for the highest hand: all lose a coin, or none does",
        ("all_lose", "none_lose"),
    ),
}

VARIANTS: Mapping[str, Mapping[str, object]] = {
    "standaard": {
        "start_coins": 3,
        "bokje": True,
        "bokje_per_player": False,
        "hand_size": 5,
        "turn_clock": 60,
        "jokers": 2,
        "max_jokers_per_meld": 2,
        "no_adjacent_jokers": False,
        "wraparound_runs": False,
        "open_first_turn": True,
        "min_first_meld": 0,
        "swap_only_after_melding": False,
        "stock_empty": "end_round",
        "tie_highest": "all_lose",
    }
}


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved options as typed fields, for the hot path."""

    start_coins: int
    bokje: bool
    bokje_per_player: bool
    hand_size: int
    jokers: int
    meld_rules: MeldRules
    open_first_turn: bool
    min_first_meld: int
    swap_only_after_melding: bool
    reshuffle_discards: bool
    tie_none_lose: bool

    @classmethod
    def from_resolved(cls, options: Mapping[str, object]) -> Options:
        def integer(name: str) -> int:
            value = options[name]
            assert isinstance(value, int)
            return value

        return cls(
            start_coins=integer("start_coins"),
            bokje=bool(options["bokje"]),
            bokje_per_player=bool(options["bokje_per_player"]),
            hand_size=integer("hand_size"),
            jokers=integer("jokers"),
            meld_rules=MeldRules(
                max_jokers=integer("max_jokers_per_meld"),
                no_adjacent_jokers=bool(options["no_adjacent_jokers"]),
                wraparound=bool(options["wraparound_runs"]),
            ),
            open_first_turn=bool(options["open_first_turn"]),
            min_first_meld=integer("min_first_meld"),
            swap_only_after_melding=bool(options["swap_only_after_melding"]),
            reshuffle_discards=options["stock_empty"] == "reshuffle_discards",
            tie_none_lose=options["tie_highest"] == "none_lose",
        )
