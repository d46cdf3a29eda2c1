"""The options of Klaverjassen (RULES.md §6.10): their specs, the variants, and
:class:`Options`, the resolved options as plain fields that the moves read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kroeg.games.base import BoolOption, ChoiceOption, IntOption, InvalidInput, OptionSpec

OPTION_SPECS: Mapping[str, OptionSpec] = {
    "troefplicht": ChoiceOption(
        "duty to trump when you cannot follow suit: rotterdams (even over your partner,"
        " undertrump when you cannot overtrump) or amsterdams",
        ("rotterdams", "amsterdams"),
    ),
    "bid_start": ChoiceOption(
        "who decides on trump first: the dealer (NKU) or the player left of the dealer",
        ("dealer", "left_of_dealer"),
    ),
    "trump_mode": ChoiceOption(
        "how trump is made: free (pass allowed), verplicht_spelen (the first bidder must"
        " play), utrechts (the player left of the dealer must play) or gedraaid (a turned"
        " draaikaart 2-6 proposes trump, the first deal clubs; play it or pass) or kraken"
        " (the player left of the dealer must play; the defenders may kraak, the players"
        " herkraak, the defenders superkraak, each doubling the card points; roem is"
        " counted in the hand; Amsterdams only)",
        ("free", "verplicht_spelen", "utrechts", "gedraaid", "kraken"),
    ),
    "all_pass": ChoiceOption(
        "when all four pass: the dealer must play, the first bidder must play, or redeal",
        ("dealer", "first", "redeal"),
    ),
    "four_jacks_200": BoolOption("four jacks in one trick give 200 roem instead of 100"),
    "four_kind_ranks": ChoiceOption(
        "which four of a kind give roem: all (7 to A) or a10hv (A, 10, H, V 100; jacks 200)",
        ("all", "a10hv"),
    ),
    "roem_claim": ChoiceOption(
        "roem is counted automatically, or must be claimed before the next card",
        ("auto", "manual"),
    ),
    "pit_bonus": IntOption("bonus for taking all eight tricks (pit): 100 or 0", 0, 100),
    "game_length": ChoiceOption(
        "how long a game lasts: 16 deals (boompje), 12, 8 or 4 deals, or until a team has 1500",
        ("16_deals", "8_deals", "first_to_1500", "12_deals", "4_deals"),
    ),
    "double_spades": BoolOption("a deal with spades as trump scores double"),
    "show_last_trick": BoolOption("the last completed trick stays visible"),
    "allow_revoke": BoolOption(
        "any card may be played; a revoke is called with 'verzaakt SEAT' and punished"
    ),
}

_NKU: dict[str, object] = {
    "troefplicht": "rotterdams",
    "bid_start": "dealer",
    "trump_mode": "free",
    "all_pass": "dealer",
    "four_jacks_200": False,
    "four_kind_ranks": "all",
    "roem_claim": "auto",
    "pit_bonus": 100,
    "game_length": "16_deals",
    "double_spades": False,
    "show_last_trick": False,
    "allow_revoke": False,
}


VARIANTS: Mapping[str, Mapping[str, object]] = {
    "nku": _NKU,
    "amsterdams": {**_NKU, "troefplicht": "amsterdams", "four_jacks_200": True},
}


GAME_LENGTHS = {"16_deals": 16, "12_deals": 12, "8_deals": 8, "4_deals": 4}
"""A boompje of 16 deals, and the shorter ones a club night plays as a round."""
TARGET_TOTAL = 1500


@dataclass(frozen=True, slots=True)
class Options:
    """The options that steer bidding, scoring and the end of the game."""

    all_pass: str
    roem_manual: bool
    pit_bonus: int
    double_spades: bool
    allow_revoke: bool
    deals: int | None
    target: int | None
    kraken: bool
    """The player left of the dealer must make trump, then the teams may kraak in turn
    (a field, not a property: finish_deal reads it on every deal, rollouts included)."""
    gedraaid: bool
    """Trump is proposed by turning draaikaarten (the unused 2 to 6), first deal clubs."""
    forced_bid: bool
    """The first to bid may not pass (verplicht_spelen, utrechts, kraken)."""
    bid_orders: tuple[tuple[int, ...], ...]
    """``bid_orders[dealer]``: the seats that may make trump, in turn (start_deal reads it
    on every deal, so it is worked out once)."""

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Options:
        length = str(options["game_length"])
        pit_bonus = options["pit_bonus"]
        assert isinstance(pit_bonus, int)
        mode = str(options["trump_mode"])
        bid_start_left = options["bid_start"] == "left_of_dealer"
        return cls(
            all_pass=str(options["all_pass"]),
            roem_manual=options["roem_claim"] == "manual",
            pit_bonus=pit_bonus,
            double_spades=bool(options["double_spades"]),
            allow_revoke=bool(options["allow_revoke"]),
            deals=GAME_LENGTHS.get(length),
            target=TARGET_TOTAL if length == "first_to_1500" else None,
            kraken=mode == "kraken",
            gedraaid=mode == "gedraaid",
            forced_bid=mode in ("verplicht_spelen", "utrechts", "kraken"),
            bid_orders=tuple(_bid_order(mode, bid_start_left, dealer) for dealer in range(4)),
        )


def _bid_order(trump_mode: str, bid_start_left: bool, dealer: int) -> tuple[int, ...]:
    """Who may make trump, in turn (RULES.md §6.4): the dealer first and then clockwise,
    or from the dealer's left; with utrechts and kraken only the dealer's left."""
    if trump_mode in ("utrechts", "kraken"):
        return ((dealer + 1) % 4,)
    if bid_start_left or trump_mode == "gedraaid":
        return tuple((dealer + i) % 4 for i in (1, 2, 3, 4))
    return tuple((dealer + i) % 4 for i in range(4))


KRAKEN_IMPLIES: dict[str, object] = {"troefplicht": "amsterdams", "four_jacks_200": True}
"""The Amsterdams rules (the ``amsterdams`` preset) that ``trump_mode: kraken`` brings."""


def kraken_options(opts: dict[str, object], given: Mapping[str, object]) -> dict[str, object]:
    """Kraken "wordt gespeeld met de spelregels van Amsterdams Klaverjassen" and counts
    roem in the hand from its own table. The Amsterdams rules replace a preset's; an
    option set against them, or against roem in hand, is refused, saying how to fix it."""
    for name, value in KRAKEN_IMPLIES.items():
        if name in given and opts[name] != value:
            raise InvalidInput(
                "kraken_amsterdams",
                f"trump_mode kraken is played with the Amsterdams rules: {name} must be"
                f" {str(value).lower()} (leave it out and kraken sets it)",
                option=name,
                value=str(value).lower(),
            )
    if opts["roem_claim"] != "auto":
        raise InvalidInput(
            "kraken_roem_in_hand",
            "trump_mode kraken counts roem in the hand when play starts, not in the"
            " tricks: roem_claim manual cannot be used with it",
            option="roem_claim",
        )
    if opts["four_kind_ranks"] != "all":
        raise InvalidInput(
            "kraken_roem_in_hand",
            "trump_mode kraken has its own table of four of a kind in the hand:"
            " four_kind_ranks a10hv cannot be used with it",
            option="four_kind_ranks",
        )
    return {**opts, **KRAKEN_IMPLIES}
