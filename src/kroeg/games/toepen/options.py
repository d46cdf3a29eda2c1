"""Toepen's options: the house-rule toggles of RULES.md §5 and the two named variants.

``VARIANTS`` gives every option's default per variant (RULES.md §5, "default A / B");
:class:`Options` compiles a resolved option dict into plain attributes so that the hot
path reads ``options.follow`` instead of looking strings up in a dict.
"""

from __future__ import annotations

from collections.abc import Mapping

from kroeg.games.base import BoolOption, ChoiceOption, IntOption, OptionSpec

KROEGREGELS = "kroegregels"
KLASSIEK = "klassiek"

OPTION_SPECS: dict[str, OptionSpec] = {
    "max_points": IntOption("penalty points at which a player loses", 3, 100),
    "end_mode": ChoiceOption(
        "first_loser: the game ends when someone reaches max_points;"
        " elimination: that player is out and the others play on until one remains",
        ("first_loser", "elimination"),
    ),
    "knock_limit": ChoiceOption(
        "who may not go above max_points by a knock: any_active player, the knocker_only, or none",
        ("any_active", "knocker_only", "none"),
    ),
    "knock_only_on_turn": BoolOption("knock (and over-knock) only on your own turn"),
    "knock_mode": ChoiceOption(
        "answers to a knock: sequential (clockwise, stay/fold/knock again), tournament"
        " (clockwise, stay/fold) or fast (everyone at once, stay/fold)",
        ("sequential", "tournament", "fast"),
    ),
    "voluntary_fold": BoolOption("fold on your own turn without a knock when not leading"),
    "laundry": BoolOption("vuile was: swap a hand of only B/V/H/A for four stock cards"),
    "laundry_multi_check": BoolOption(
        "several players may challenge one laundry claim", requires="laundry"
    ),
    "laundry_repeat": BoolOption(
        "a player may claim laundry again while the stock lasts", requires="laundry"
    ),
    "white_laundry": BoolOption(
        "witte was: B/V/H/A plus exactly one 7 is an honest claim", requires="laundry"
    ),
    "laundry_bluff_open_cards": BoolOption(
        "a caught laundry bluffer plays with open cards", requires="laundry"
    ),
    "three_tens_exchange": BoolOption(
        "kans op toep: three of a kind may (three tens must) swap the odd card for the stock top"
    ),
    "four_tens_instant": ChoiceOption(
        "four tens win the whole game, the deal, or nothing", ("game", "round", "off")
    ),
    "any_toep_wins": BoolOption("any four of a kind wins the deal at once; the others pay 3"),
    "armoede": BoolOption("armoede: after reaching max_points - 1 the others look or fold"),
    "armoede_every_round": BoolOption(
        "armoede in every deal a player stands on max_points - 1", requires="armoede"
    ),
    "announce_tells": ChoiceOption(
        "public whistle / stand-up for three / four tens (and jacks)",
        ("tens", "tens_and_jacks", "off"),
    ),
    "winnen_met_boer": BoolOption("winning the last trick with a jack takes a point off"),
    "enforce_follow_suit": BoolOption(
        "illegal plays are impossible; off: any card, a called revoke costs 2"
    ),
    "slow_play_penalty": BoolOption("the table may give +1 for slow play (verb late)"),
}

VARIANTS: dict[str, dict[str, object]] = {
    KROEGREGELS: {
        "max_points": 10,
        "end_mode": "first_loser",
        "knock_limit": "any_active",
        "knock_only_on_turn": False,
        "knock_mode": "sequential",
        "voluntary_fold": True,
        "laundry": False,
        "laundry_multi_check": False,
        "laundry_repeat": False,
        "white_laundry": False,
        "laundry_bluff_open_cards": False,
        "three_tens_exchange": True,
        "four_tens_instant": "game",
        "any_toep_wins": False,
        "armoede": True,
        "armoede_every_round": False,
        "announce_tells": "tens",
        "winnen_met_boer": False,
        "enforce_follow_suit": True,
        "slow_play_penalty": True,
    },
    KLASSIEK: {
        "max_points": 10,
        "end_mode": "first_loser",
        "knock_limit": "knocker_only",
        "knock_only_on_turn": False,
        "knock_mode": "tournament",
        "voluntary_fold": False,
        "laundry": True,
        "laundry_multi_check": False,
        "laundry_repeat": False,
        "white_laundry": False,
        "laundry_bluff_open_cards": False,
        "three_tens_exchange": False,
        "four_tens_instant": "off",
        "any_toep_wins": False,
        "armoede": False,
        "armoede_every_round": False,
        "announce_tells": "tens_and_jacks",
        "winnen_met_boer": False,
        "enforce_follow_suit": True,
        "slow_play_penalty": False,
    },
}


PLAYERS = "players"
PLAYERS_OPTION = IntOption("the number of players: the same as the record's seats", 3, 8)
"""RULES.md §5's ``players`` ("4 / 3–8"). It is the record's ``seats`` said once more: a
record or a table may give it, and it must then equal the seats (kroegregels: 4). It has
no default, so it is not in :data:`OPTION_SPECS` (the table form asks for the seats)."""

LIMIT_ANY, LIMIT_KNOCKER, LIMIT_NONE = 0, 1, 2
ANSWER_SEQUENTIAL, ANSWER_TOURNAMENT, ANSWER_FAST = 0, 1, 2
FOUR_TENS_GAME, FOUR_TENS_ROUND, FOUR_TENS_OFF = 0, 1, 2


class Options:
    """A resolved option set as plain attributes, read on the hot path."""

    __slots__ = (
        "answer_by_knock",
        "answer_in_any_order",
        "answers",
        "any_toep_wins",
        "armoede",
        "armoede_every_round",
        "armoede_level",
        "elimination",
        "etiquette",
        "follow",
        "four_tens",
        "het",
        "knock_only_on_turn",
        "laundry",
        "laundry_multi_check",
        "laundry_open_cards",
        "laundry_repeat",
        "limit",
        "max_points",
        "slow_play",
        "tells_jacks",
        "tells_tens",
        "three_of_a_kind",
        "variant",
        "voluntary_fold",
        "white_laundry",
        "winnen_met_boer",
    )

    def __init__(self, variant: str, o: Mapping[str, object]) -> None:
        self.variant = variant
        max_points = o["max_points"]
        assert isinstance(max_points, int)
        self.max_points = max_points
        self.armoede_level = self.max_points - 1
        self.elimination = o["end_mode"] == "elimination"
        self.limit = ("any_active", "knocker_only", "none").index(str(o["knock_limit"]))
        self.knock_only_on_turn = bool(o["knock_only_on_turn"])
        self.answers = ("sequential", "tournament", "fast").index(str(o["knock_mode"]))
        self.answer_in_any_order = self.answers == ANSWER_FAST
        """Fast answers: everyone answers a knock at once, in any order."""
        self.answer_by_knock = self.answers == ANSWER_SEQUENTIAL and variant == KROEGREGELS
        """Sequential answers in kroegregels: an answer may be a knock (once per round of
        answers). "Over-knock answers ... belong to kroegregels only" (RULES.md §12; §3.3:
        klassiek has no "over-knock as an answer"), whatever ``knock_mode`` says: in
        klassiek, sequential answers are stay or fold, as in a tournament."""
        self.voluntary_fold = bool(o["voluntary_fold"])
        # A refinement counts only while the rule it refines is on (RULES.md §12): given
        # with its parent off it is accepted, kept in the options, and has no effect.
        self.laundry = laundry = bool(o["laundry"])
        self.laundry_multi_check = laundry and bool(o["laundry_multi_check"])
        self.laundry_repeat = laundry and bool(o["laundry_repeat"])
        self.white_laundry = laundry and bool(o["white_laundry"])
        self.laundry_open_cards = laundry and bool(o["laundry_bluff_open_cards"])
        self.three_of_a_kind = bool(o["three_tens_exchange"])
        self.four_tens = ("game", "round", "off").index(str(o["four_tens_instant"]))
        self.any_toep_wins = bool(o["any_toep_wins"])
        self.armoede = bool(o["armoede"])
        self.armoede_every_round = self.armoede and bool(o["armoede_every_round"])
        self.tells_tens = o["announce_tells"] != "off"
        self.tells_jacks = o["announce_tells"] == "tens_and_jacks"
        self.winnen_met_boer = bool(o["winnen_met_boer"])
        self.follow = bool(o["enforce_follow_suit"])
        self.slow_play = bool(o["slow_play_penalty"])
        # Seed 000's ceremonies (the klaveren aas shown, the chants) and its "Het" belong
        # to kroegregels as a whole; RULES.md §5 has no toggle for them.
        self.etiquette = variant == KROEGREGELS
        self.het = variant == KROEGREGELS
