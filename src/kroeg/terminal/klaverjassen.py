"""``kroeg play klaverjassen``: you and your partner (the house) against two house players,
at the terminal table (:mod:`kroeg.terminal.table`).

You sit at seat 0; your partner ("maat") at seat 2 and the opponents at seats 1 and 3
are played by the house with ``default()``. After each deal the score sheet is shown
(:func:`kroeg.games.klaverjassen.score_sheet`). Text and prompts are Dutch.

``args.options`` (optional, a dict) sets table options, e.g. ``{"trump_mode": "gedraaid"}``.
With ``trump_mode: kraken`` you answer a kraak call with ``kraak`` (``herkraak``,
``superkraak``) or ``pas``; the factor and the roem in hand are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from kroeg.cards import SUIT_NAMES_NL, dutch_short, parse_card, suit_of
from kroeg.games.base import Action, Event, RuleError
from kroeg.games.klaverjassen import KlaverjasState, score_sheet
from kroeg.games.klaverjassen.tables import STRENGTH
from kroeg.games.klaverjassen.view import KlaverjasView
from kroeg.terminal.refusals import refusal_nl
from kroeg.terminal.table import YOU, TerminalTable, read_card

HOUSE_NAMES = ("Bram", "Cor", "Dirk")
SUIT_KEYS = {"k": 0, "klaveren": 0, "r": 1, "ruiten": 1, "h": 2, "harten": 2, "s": 3, "schoppen": 3}
TEAMS_NL = ("Wij", "Zij")


class Describer:
    """Klaverjassen's words at the terminal table."""

    rules_choose_dealer: ClassVar[bool] = False

    def names(self, you: str, seats: int) -> list[str]:
        return [you, HOUSE_NAMES[0], f"{HOUSE_NAMES[1]} (maat)", HOUSE_NAMES[2]]

    def opening(self, table: TerminalTable) -> None:
        names = table.names
        table.say(
            f"Klaverjassen ({table.game.variant}). Jij en {names[2]} tegen "
            f"{names[1]} en {names[3]}."
        )

    def before_deal(self, table: TerminalTable, dealer: int) -> None:
        table.say(f"\n=== Spel {table.state.deal_no + 1} — {table.names[dealer]} geeft ===")

    def closing(self, table: TerminalTable) -> None:
        result = table.game.result(table.state)
        assert result is not None
        if not result.winners:
            table.say("Gelijkspel!")
        else:
            table.say("Wij winnen!" if YOU in result.winners else "Zij winnen.")

    def aside(self, table: TerminalTable, legal: list[Action]) -> Action | None:
        return None

    def event(self, table: TerminalTable, event: Event) -> None:
        self.tell(table, event.kind, event.data)

    def tell(self, table: TerminalTable, kind: str, data: dict[str, object]) -> None:
        names = table.names
        if kind == "bid":
            suit = SUIT_NAMES_NL["cdhs".index(str(data["suit"]))]
            table.say(f"{names[int(str(data['seat']))]}: ik speel {suit}.")
        elif kind == "pass":
            table.say(f"{names[int(str(data['seat']))]}: ik pas.")
        elif kind == "must_play":
            what = f"{SUIT_NAMES_NL['cdhs'.index(str(data['suit']))]} " if "suit" in data else ""
            table.say(f"Iedereen heeft gepast: {names[int(str(data['seat']))]} moet {what}spelen.")
        elif kind == "turn":
            card = dutch_short(parse_card(str(data["card"])))
            table.say(
                f"Gedraaid: {card}" + (" (die kleur is al geweest)" if data["repeat"] else "")
            )
        elif kind == "propose":
            suit = SUIT_NAMES_NL["cdhs".index(str(data["suit"]))]
            table.say(f"Voorgestelde troef: {suit}.")
        elif kind == "call":
            said = "pas" if data["call"] == "pass" else f"{data['call']}! De punten tellen"
            factor = f" {data['factor']} keer" if data["call"] != "pass" else ""
            table.say(f"{names[int(str(data['seat']))]}: {said}{factor}.")
        elif kind == "roem_in_hand":
            table.say(self.roem_in_hand_text(data))
        elif kind == "redeal":
            table.say("Iedereen heeft gepast: er wordt opnieuw gegeven.")
        elif kind == "play" and data["seat"] != YOU:
            card = dutch_short(parse_card(str(data["card"])))
            table.say(f"  {names[int(str(data['seat']))]} speelt {card}")
        elif kind == "trick":
            winner = names[int(str(data["winner"]))]
            roem = f", {data['roem']} roem" if data["roem_counted"] else ""
            table.say(f"  Slag voor {winner}{roem}.")
        elif kind == "roem":
            table.say(f"{names[int(str(data['seat']))]} meldt {data['roem']} roem.")
        elif kind == "verzaakt":
            found = "verzaakt!" if data["revoke"] else "niet verzaakt."
            table.say(
                f"{names[int(str(data['seat']))]} roept verzaakt: "
                f"{names[int(str(data['accused']))]} heeft {found}"
            )
        elif kind == "deal_end":
            table.say("\n" + score_sheet(table.writer.json()) + "\n")

    # Your decisions ---------------------------------------------------------------

    def ask(self, table: TerminalTable) -> Action:
        s: KlaverjasState = table.state
        legal = table.match.legal(YOU)
        view = KlaverjasView.of(table.match.view(YOU))
        if view.phase == "kraken":
            return self.kraak_call(table, view)
        if view.phase == "bidding":
            table.say(f"Je kaarten: {self.hand_text(table)}")
            if isinstance(view.proposed, str):  # gedraaid
                return self.gedraaid_bid(table, view.proposed, legal)
            prompt = "Troef (k, r, h, s)" + ("" if ("pass",) not in legal else " of pas") + "? "
            while True:
                answer = table.ask(prompt).strip().lower()
                action = self.parse_bid(answer)
                if action in legal:
                    return action
                if action == ("pass",):
                    table.say("Je moet nu spelen: kies een troefkleur.")
                else:
                    table.say("Dat begrijp ik niet: typ k, r, h of s (of pas).")
        trump = SUIT_NAMES_NL[s.trump]
        trick = ", ".join(
            f"{table.names[t.seat]} {dutch_short(parse_card(t.card))}" for t in view.trick
        )
        table.say(f"Troef: {trump}. Op tafel: {trick or '(jij komt uit)'}")
        cards = self.sorted_hand(table)
        table.say(
            "Je kaarten: " + "  ".join(f"{i + 1}:{dutch_short(c)}" for i, c in enumerate(cards))
        )
        extra = " (of roem)" if ("roem",) in legal else ""
        while True:
            answer = table.ask(f"Welke kaart{extra}? ").strip().lower()
            if answer == "roem" and ("roem",) in legal:
                return ("roem",)
            if answer.startswith("verzaakt"):
                action = self.parse_revoke(answer)
                if action in legal:
                    return action
                table.say(
                    "Verzaakt roepen kan alleen tegen een tegenstander (stoel 1 of 3) "
                    "die iets verdachts speelde."
                )
                continue
            card = self.parse_card_answer(answer, cards)
            if card is None:
                table.say("Dat begrijp ik niet: typ het nummer van de kaart, of bijv. h10 of sb.")
                continue
            try:
                if ("play", card) in legal:
                    return ("play", card)
                table.try_action(("play", card))
            except RuleError as e:
                table.say(dutch_refusal(e, table.names))

    def kraak_call(self, table: TerminalTable, view: KlaverjasView) -> Action:
        """Kraken: make the call offered (kraak, herkraak or superkraak) or pass."""
        call = str(view.next_call)
        trump = SUIT_NAMES_NL["cdhs".index(str(view.trump))]
        table.say(f"Troef: {trump}. Je kaarten: {self.hand_text(table)}")
        while True:
            answer = table.ask(f"{call.capitalize()}? ({call} of pas) ").strip().lower()
            if answer in (call, "ja", "j"):
                return (call,)
            if answer in ("pas", "p", "nee", "n"):
                return ("pass",)
            table.say(f"Dat begrijp ik niet: typ {call} of pas.")

    def roem_in_hand_text(self, data: dict[str, object]) -> str:
        """Kraken, play starts: the roem in hand of both teams, what counts, who must make it."""
        held = data["held"]
        counted = data["roem"]
        assert isinstance(held, list) and isinstance(counted, list)
        parts = []
        for team in (0, 1):
            note = "" if held[team] == counted[team] else f" (telt: {counted[team]})"
            parts.append(f"{TEAMS_NL[team]} {held[team]}{note}")
        must = TEAMS_NL[int(str(data["must_make"]))]
        return (
            f"Roem in de hand: {', '.join(parts)}. Punten keer {data['factor']};"
            f" {must} moeten meer dan de helft halen."
        )

    def gedraaid_bid(self, table: TerminalTable, proposed: str, legal: list[Action]) -> Action:
        """Gedraaid: play the proposed suit ("speel") or pass; nothing else can be bid."""
        suit = SUIT_NAMES_NL["cdhs".index(proposed)]
        may_pass = ("pass",) in legal
        prompt = f"Speel je {suit}? (speel" + (" of pas" if may_pass else "") + ") "
        while True:
            answer = table.ask(prompt).strip().lower()
            if answer in ("speel", "ja", "j") or SUIT_KEYS.get(answer) == "cdhs".index(proposed):
                return ("bid", "cdhs".index(proposed))
            if answer in ("pas", "p") and may_pass:
                return ("pass",)
            if answer in ("pas", "p"):
                table.say(f"Je moet nu spelen: {suit} is troef.")
            else:
                table.say(f"Dat begrijp ik niet: typ speel om {suit} te spelen (of pas).")

    def parse_bid(self, answer: str) -> Action | None:
        if answer in ("pas", "p"):
            return ("pass",)
        if answer in SUIT_KEYS:
            return ("bid", SUIT_KEYS[answer])
        return None

    def parse_revoke(self, answer: str) -> Action | None:
        parts = answer.split()
        if len(parts) == 2 and parts[1].isdigit():
            return ("verzaakt", int(parts[1]))
        return None

    @staticmethod
    def parse_card_answer(answer: str, cards: list[int]) -> int | None:
        """A card by its number in your sorted hand, or typed (:func:`read_card`)."""
        if answer.isdigit():
            index = int(answer) - 1
            return cards[index] if 0 <= index < len(cards) else None
        return read_card(answer)

    @staticmethod
    def sorted_hand(table: TerminalTable) -> list[int]:
        trump = max(table.state.trump, 0)
        cards = [parse_card(c) for c in table.match.view(YOU).hand or []]
        return sorted(cards, key=lambda c: (suit_of(c), -STRENGTH[trump][c]))

    def hand_text(self, table: TerminalTable) -> str:
        return "  ".join(dutch_short(c) for c in self.sorted_hand(table))


def dutch_refusal(refusal: RuleError, names: Sequence[str] = ()) -> str:
    """The engine's refusal of a card in Dutch, in the browser's words for its code
    (kroeg.terminal.refusals; never its English message), with the cards that may be
    played."""
    said = refusal_nl(refusal, names)
    why = f"Die kaart mag niet. {said}" if said else "Die kaart mag niet."
    allowed = refusal.params.get("allowed_cards")
    if isinstance(allowed, list):
        why += f" Je mag spelen: {', '.join(dutch_short(parse_card(c)) for c in allowed)}."
    return why
