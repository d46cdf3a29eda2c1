"""``kroeg play eurokaarten``: you against five of the house's regulars, at the terminal
table (:mod:`kroeg.terminal.table`).

You sit at seat 0; seats 1-5 are played by the house with ``default()``. Each of your
turns shows the coins, the melds on the table numbered as in records, the top of the
discard pile and your hand numbered from 1. Commands and text are Dutch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from kroeg.cards import (
    CardError,
    cards_in,
    dutch_short,
    is_joker,
    parse_card,
)
from kroeg.games.base import Action, Event, GameError
from kroeg.games.eurokaarten import EuroState
from kroeg.games.eurokaarten.melds import hand_points
from kroeg.games.eurokaarten.view import EuroView
from kroeg.terminal.refusals import refusal_nl
from kroeg.terminal.table import YOU, TerminalTable

HOUSE_NAMES = ("Bram", "Cor", "Dirk", "Els", "Fien")

HELP = """Opdrachten:
  open                 open gaan (alleen aan het begin van je beurt)
  stapel | s           pak een kaart van de gedekte stapel
  pot | p              pak de bovenste kaart van de aflegstapel
  leg 1 2 3            leg een setje of straatje met je kaarten 1, 2 en 3
  leg 1 2 5=6h         een joker (kaart 5) legt je met de kaart die hij voorstelt
  aan N 1 2            leg kaarten 1 en 2 aan bij combinatie N
  ruil N 3             leg kaart 3 in combinatie N in de plaats van de joker
  weg 3                leg kaart 3 af (einde van je beurt)
  help                 deze uitleg
Kaarten als 6h (harten zes), Th (tien), Js/Qs/Ks/As (boer, vrouw, heer, aas)."""


def dutch_reason(error: GameError, names: Sequence[str] = ()) -> str:
    """The refusal in Dutch, in the browser catalog's words (kroeg.terminal.refusals);
    the English message when the catalog has no text for the code."""
    said = refusal_nl(error, names)
    return said if said is not None else f"Dat kan niet ({error.message})."


class BadCommand(Exception):
    """Input the prompt cannot read; the message is Dutch."""


class Describer:
    """Eurokaarten's words at the terminal table."""

    rules_choose_dealer: ClassVar[bool] = False

    def names(self, you: str, seats: int) -> list[str]:
        return [you, *HOUSE_NAMES]

    def opening(self, table: TerminalTable) -> None:
        table.say("Eurokaarten: drie munten, één bokje. Typ 'help' voor de opdrachten.")

    def before_deal(self, table: TerminalTable, dealer: int) -> None:
        table.say(f"\n=== Nieuwe ronde — {table.names[dealer]} deelt ===")

    def closing(self, table: TerminalTable) -> None:
        result = table.game.result(table.state)
        assert result is not None
        if YOU in result.winners:
            table.say("\nJij wint de partij!")
        else:
            table.say(f"\n{' en '.join(table.names[w] for w in sorted(result.winners))} wint.")

    def aside(self, table: TerminalTable, legal: list[Action]) -> Action | None:
        return None

    def event(self, table: TerminalTable, event: Event) -> None:
        if event.to in (None, YOU):
            line = self.describe(table, event)
            if line:
                table.say(line)

    def ask(self, table: TerminalTable) -> Action:
        """Your move: read until the rules take it (tried on a copy of the state)."""
        self.show_table(table)
        while True:
            text = table.ask("Jouw zet> ").strip().lower()
            if text in ("help", "?", "h"):
                table.say(HELP)
                continue
            try:
                action = self.parse(table, text)
                table.try_action(action)
            except BadCommand as e:
                table.say(str(e))
                continue
            except GameError as e:
                table.say(dutch_reason(e, table.names))
                continue
            return action

    # Reading your commands -------------------------------------------------------

    @staticmethod
    def hand(table: TerminalTable) -> list[int]:
        return cards_in(table.state.hands[YOU])

    def card_of(self, table: TerminalTable, word: str) -> int:
        """A card by its number in your hand (1, 2 ...) or in notation (6h, X1)."""
        hand = self.hand(table)
        if word.isdigit():
            index = int(word)
            if not 1 <= index <= len(hand):
                raise BadCommand(f"Kies een kaart van 1 tot {len(hand)}.")
            return hand[index - 1]
        try:
            return parse_card(word.upper() if word.startswith("x") else _notation(word))
        except CardError:
            raise BadCommand(f"'{word}' ken ik niet als kaart. Typ 'help'.") from None

    def meld_cards(
        self, table: TerminalTable, words: Sequence[str]
    ) -> tuple[tuple[int, int | None], ...]:
        if not words:
            raise BadCommand("Noem de kaarten, bijvoorbeeld: leg 1 2 3.")
        laid: list[tuple[int, int | None]] = []
        for word in words:
            left, eq, right = word.partition("=")
            card = self.card_of(table, left)
            stands = None
            if eq:
                try:
                    stands = parse_card(_notation(right))
                except CardError:
                    raise BadCommand(f"'{right}' ken ik niet als kaart.") from None
            if is_joker(card) and stands is None:
                raise BadCommand(f"Zeg welke kaart de joker voorstelt, bijvoorbeeld {left}=6h.")
            laid.append((card, stands))
        return tuple(laid)

    def parse(self, table: TerminalTable, text: str) -> Action:
        words = text.split()
        if not words:
            raise BadCommand("Typ een opdracht, of 'help'.")
        verb, rest = words[0], words[1:]
        if verb == "open":
            return ("open",)
        if verb in ("stapel", "s"):
            return ("draw", "stock")
        if verb in ("pot", "p", "aflegstapel"):
            return ("draw", "discard")
        if verb == "leg":
            return ("meld", self.meld_cards(table, rest))
        if verb in ("aan", "aanleggen"):
            return ("layoff", self.meld_number(rest), self.meld_cards(table, rest[1:]))
        if verb == "ruil":
            if len(rest) != 2:
                raise BadCommand("Zo ruil je: ruil N KAART, bijvoorbeeld ruil 0 3.")
            return ("swap", self.meld_number(rest), self.card_of(table, rest[1]))
        if verb in ("weg", "af"):
            if len(rest) != 1:
                raise BadCommand("Zo leg je af: weg KAART, bijvoorbeeld weg 3.")
            return ("discard", self.card_of(table, rest[0]))
        raise BadCommand(f"'{verb}' ken ik niet. Typ 'help' voor de opdrachten.")

    @staticmethod
    def meld_number(words: Sequence[str]) -> int:
        if not words or not words[0].isdigit():
            raise BadCommand("Noem eerst het nummer van de combinatie, bijvoorbeeld: aan 0 3.")
        return int(words[0])

    # Showing the table -------------------------------------------------------------

    def show_table(self, table: TerminalTable) -> None:
        s: EuroState = table.state
        v = EuroView.of(table.match.view(YOU))
        coins = []
        for seat in range(6):
            if seat in s.out:
                coins.append(f"{table.names[seat]}: eruit")
                continue
            bokje = " + bokje" if seat in s.bokje else ""
            coins.append(f"{table.names[seat]}: {s.coins[seat]} munt(en){bokje}")
        table.say("\n" + " | ".join(coins))
        for meld in v.melds:
            shown = " ".join(_dutch_meld_card(c) for c in meld.cards)
            table.say(f"  combinatie {meld.n} ({table.names[meld.owner]}): {shown}")
        top = v.discard_top
        pile = dutch_short(parse_card(top)) if top else "leeg"
        table.say(f"Aflegstapel: {pile}   gedekte stapel: {v.stock_count} kaarten")
        if v.stock_count == 1:
            table.say("Let op: de laatste kaart van de stapel — wie hem pakt, eindigt de ronde.")
        hand = self.hand(table)
        numbered = "  ".join(f"{i}:{dutch_short(c)}" for i, c in enumerate(hand, 1))
        table.say(f"Jouw hand ({hand_points(s.hands[YOU])} punten): {numbered}")
        if not s.drawn:
            table.say("Pak een kaart (stapel / pot) of ga open (open).")
        else:
            table.say("Leg, leg aan, ruil, of leg een kaart weg (weg N).")

    def describe(self, table: TerminalTable, event: Event) -> str | None:
        d: dict[str, Any] = event.data
        who = table.names[d["seat"]] if "seat" in d else ""
        kind = event.kind
        if kind == "hand":
            return "Je krijgt: " + " ".join(dutch_short(parse_card(c)) for c in d["cards"])
        if kind == "deal":
            return f"Opengelegd: {dutch_short(parse_card(d['upcard']))}"
        if kind == "draw":
            if d["from"] == "discard":
                return f"{who} pakt {dutch_short(parse_card(d['card']))} van de aflegstapel."
            return None if d["seat"] == YOU else f"{who} pakt van de stapel."
        if kind == "drawn":
            return f"Je pakt {dutch_short(parse_card(d['card']))}."
        if kind in ("meld", "layoff", "swap"):
            shown = " ".join(_dutch_meld_card(c) for c in d["cards"])
            verb = {"meld": "legt", "layoff": "legt aan bij", "swap": "ruilt de joker in"}[kind]
            return f"{who} {verb} combinatie {d['n']}: {shown}"
        if kind == "discard":
            return f"{who} legt {dutch_short(parse_card(d['card']))} af."
        if kind == "no_discard":
            return f"{who} kan niets afleggen; de beurt gaat door."
        if kind == "open":
            return f"{who} gaat open!"
        if kind == "deal_end":
            return self.describe_round_end(table, d)
        if kind == "bokje":
            return f"{who} krijgt het bokje."
        if kind == "out":
            return f"{who} ligt eruit."
        if kind == "eliminated":
            return f"{who} is van tafel."
        return None

    def describe_round_end(self, table: TerminalTable, d: dict[str, Any]) -> str:
        ending = {
            "out": f"{table.names[d['by']]} is alles kwijt" if d["by"] is not None else "",
            "open": f"{table.names[d['by']]} ging open" if d["by"] is not None else "",
            "stock": "de stapel is op",
        }[d["ended"]]
        lines = [f"Einde van de ronde: {ending}."]
        for seat in range(6):
            if d["hands"][seat] is None:
                continue
            cards = " ".join(dutch_short(parse_card(c)) for c in d["hands"][seat]) or "-"
            lines.append(f"  {table.names[seat]:<6} {d['hand_points'][seat]:>3} punten: {cards}")
        if d["void"]:
            lines.append("Iedereen zou eruit liggen: de ronde telt niet en wordt overgedaan.")
        elif d["coin_lost"]:
            lines.append("Munt kwijt: " + ", ".join(table.names[s] for s in d["coin_lost"]))
        else:
            lines.append("Niemand verliest een munt.")
        return "\n".join(lines)


def _notation(word: str) -> str:
    """Record notation from what a player types: ``6h``, ``10h``, ``qs`` (any case)."""
    if len(word) < 2:
        return word
    return word[:-1].upper() + word[-1].lower()


def _dutch_meld_card(text: str) -> str:
    joker, eq, stands = text.partition("=")
    if eq:
        return f"Joker({dutch_short(parse_card(stands))})"
    return dutch_short(parse_card(joker))
