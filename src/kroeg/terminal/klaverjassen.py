"""``kroeg play klaverjassen``: you and your partner (the house) against two house players.

You sit at seat 0; your partner ("maat") at seat 2 and the opponents at seats 1 and 3
are played by the house with ``default()``. After each deal the score sheet is shown
(:func:`kroeg.games.klaverjassen.score_sheet`). Text and prompts are Dutch.

``args.options`` (optional, a dict) sets table options, e.g. ``{"trump_mode": "gedraaid"}``.
With ``trump_mode: kraken`` you answer a kraak call with ``kraak`` (``herkraak``,
``superkraak``) or ``pas``; the factor and the roem in hand are shown.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from kroeg.cards import SUIT_NAMES_NL, dutch_short, parse_card, suit_of
from kroeg.games.base import Action, Deal, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState, score_sheet
from kroeg.games.klaverjassen.tables import STRENGTH
from kroeg.records import RecordWriter
from kroeg.terminal.refusals import refusal_nl
from kroeg.terminal.session import Input, Output, open_game, play_to_end

HOUSE_NAMES = ("Bram", "Cor", "Dirk")
YOU = 0
SUIT_KEYS = {"k": 0, "klaveren": 0, "r": 1, "ruiten": 1, "h": 2, "harten": 2, "s": 3, "schoppen": 3}
DUTCH_RANKS = {"7": "7", "8": "8", "9": "9", "10": "T", "b": "J", "v": "Q", "h": "K", "a": "A"}
TEAMS_NL = ("Wij", "Zij")


def play(args: argparse.Namespace, *, input_fn: Input = input, output_fn: Output = print) -> int:
    options = getattr(args, "options", None)
    game = open_game(
        lambda: Klaverjassen(args.variant or "nku", options), args.seats or 4, output_fn
    )
    if game is None:
        return 2
    return play_to_end(Table(game, args, input_fn, output_fn))


class Table:
    """One game in the terminal: deals, asks you for your decisions, lets the house play."""

    def __init__(
        self, game: Klaverjassen, args: argparse.Namespace, input_fn: Input, output_fn: Output
    ) -> None:
        self.game = game
        self.args = args
        self.ask = input_fn
        self.say = output_fn
        self.rng = random.Random(args.seed)
        self.names = [args.name, HOUSE_NAMES[0], f"{HOUSE_NAMES[1]} (maat)", HOUSE_NAMES[2]]
        dealer = self.rng.randrange(4)
        self.state: KlaverjasState = game.new_state(4, dealer=dealer)
        self.writer = RecordWriter(game, 4, names=self.names, dealer=dealer, seed=args.seed)

    def run(self) -> None:
        game, s = self.game, self.state
        self.say(
            f"Klaverjassen ({game.variant}). Jij en {self.names[2]} tegen "
            f"{self.names[1]} en {self.names[3]}."
        )
        while not game.is_over(s):
            dealer = game.pending_deal(s)
            if dealer is not None:
                self.say(f"\n=== Spel {s.deal_no + 1} — {self.names[dealer]} geeft ===")
                self.step(dealer, game.random_deal(s, self.rng))
                continue
            seat = YOU if YOU in game.to_act(s) else min(game.to_act(s))
            if seat == YOU:
                self.step(YOU, self.your_action())
            else:
                self.step(seat, game.default(s, seat))
        result = game.result(s)
        assert result is not None
        if not result.winners:
            self.say("Gelijkspel!")
        else:
            self.say("Wij winnen!" if YOU in result.winners else "Zij winnen.")

    def step(self, seat: int, action: Action | Deal) -> None:
        events = self.game.apply(self.state, seat, action)
        self.writer.add(seat, action)
        for e in events:
            self.tell(e.kind, e.data, e.to)

    def tell(self, kind: str, data: dict[str, object], to: int | None) -> None:
        names = self.names
        if kind == "bid":
            suit = SUIT_NAMES_NL["cdhs".index(str(data["suit"]))]
            self.say(f"{names[int(str(data['seat']))]}: ik speel {suit}.")
        elif kind == "pass":
            self.say(f"{names[int(str(data['seat']))]}: ik pas.")
        elif kind == "must_play":
            what = f"{SUIT_NAMES_NL['cdhs'.index(str(data['suit']))]} " if "suit" in data else ""
            self.say(f"Iedereen heeft gepast: {names[int(str(data['seat']))]} moet {what}spelen.")
        elif kind == "turn":
            card = dutch_short(parse_card(str(data["card"])))
            self.say(f"Gedraaid: {card}" + (" (die kleur is al geweest)" if data["repeat"] else ""))
        elif kind == "propose":
            suit = SUIT_NAMES_NL["cdhs".index(str(data["suit"]))]
            self.say(f"Voorgestelde troef: {suit}.")
        elif kind == "call":
            said = "pas" if data["call"] == "pass" else f"{data['call']}! De punten tellen"
            factor = f" {data['factor']} keer" if data["call"] != "pass" else ""
            self.say(f"{names[int(str(data['seat']))]}: {said}{factor}.")
        elif kind == "roem_in_hand":
            self.say(self.roem_in_hand_text(data))
        elif kind == "redeal":
            self.say("Iedereen heeft gepast: er wordt opnieuw gegeven.")
        elif kind == "play" and data["seat"] != YOU:
            card = dutch_short(parse_card(str(data["card"])))
            self.say(f"  {names[int(str(data['seat']))]} speelt {card}")
        elif kind == "trick":
            winner = names[int(str(data["winner"]))]
            roem = f", {data['roem']} roem" if data["roem_counted"] else ""
            self.say(f"  Slag voor {winner}{roem}.")
        elif kind == "roem":
            self.say(f"{names[int(str(data['seat']))]} meldt {data['roem']} roem.")
        elif kind == "verzaakt":
            found = "verzaakt!" if data["revoke"] else "niet verzaakt."
            self.say(
                f"{names[int(str(data['seat']))]} roept verzaakt: "
                f"{names[int(str(data['accused']))]} heeft {found}"
            )
        elif kind == "deal_end":
            self.say("\n" + score_sheet(self.writer.json()) + "\n")

    # Your decisions ---------------------------------------------------------------

    def your_action(self) -> Action:
        game, s = self.game, self.state
        legal = game.legal(s, YOU)
        view = game.view(s, YOU)
        if view["phase"] == "kraken":
            return self.kraak_call(view, legal)
        if view["phase"] == "bidding":
            self.say(f"Je kaarten: {self.hand_text()}")
            if "proposed" in view:
                return self.gedraaid_bid(view["proposed"], legal)
            prompt = "Troef (k, r, h, s)" + ("" if ("pass",) not in legal else " of pas") + "? "
            while True:
                answer = self.ask(prompt).strip().lower()
                action = self.parse_bid(answer)
                if action in legal:
                    return action
                if action == ("pass",):
                    self.say("Je moet nu spelen: kies een troefkleur.")
                else:
                    self.say("Dat begrijp ik niet: typ k, r, h of s (of pas).")
        trump = SUIT_NAMES_NL[s.trump]
        trick = ", ".join(
            f"{self.names[t['seat']]} {dutch_short(parse_card(t['card']))}" for t in view["trick"]
        )
        self.say(f"Troef: {trump}. Op tafel: {trick or '(jij komt uit)'}")
        cards = self.sorted_hand()
        self.say(
            "Je kaarten: " + "  ".join(f"{i + 1}:{dutch_short(c)}" for i, c in enumerate(cards))
        )
        extra = " (of roem)" if ("roem",) in legal else ""
        while True:
            answer = self.ask(f"Welke kaart{extra}? ").strip().lower()
            if answer == "roem" and ("roem",) in legal:
                return ("roem",)
            if answer.startswith("verzaakt"):
                action = self.parse_revoke(answer)
                if action in legal:
                    return action
                self.say(
                    "Verzaakt roepen kan alleen tegen een tegenstander (stoel 1 of 3) "
                    "die iets verdachts speelde."
                )
                continue
            card = self.parse_card_answer(answer, cards)
            if card is None:
                self.say("Dat begrijp ik niet: typ het nummer van de kaart, of bijv. h10 of sb.")
                continue
            try:
                if ("play", card) in legal:
                    return ("play", card)
                game.apply(s.copy(), YOU, ("play", card))
            except RuleError as e:
                self.say(dutch_refusal(e, self.names))

    def kraak_call(self, view: dict[str, object], legal: list[Action]) -> Action:
        """Kraken: make the call offered (kraak, herkraak or superkraak) or pass."""
        call = str(view["next_call"])
        trump = SUIT_NAMES_NL["cdhs".index(str(view["trump"]))]
        self.say(f"Troef: {trump}. Je kaarten: {self.hand_text()}")
        while True:
            answer = self.ask(f"{call.capitalize()}? ({call} of pas) ").strip().lower()
            if answer in (call, "ja", "j"):
                return (call,)
            if answer in ("pas", "p", "nee", "n"):
                return ("pass",)
            self.say(f"Dat begrijp ik niet: typ {call} of pas.")

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

    def gedraaid_bid(self, proposed: str, legal: list[Action]) -> Action:
        """Gedraaid: play the proposed suit ("speel") or pass; nothing else can be bid."""
        suit = SUIT_NAMES_NL["cdhs".index(proposed)]
        may_pass = ("pass",) in legal
        prompt = f"Speel je {suit}? (speel" + (" of pas" if may_pass else "") + ") "
        while True:
            answer = self.ask(prompt).strip().lower()
            if answer in ("speel", "ja", "j") or SUIT_KEYS.get(answer) == "cdhs".index(proposed):
                return ("bid", "cdhs".index(proposed))
            if answer in ("pas", "p") and may_pass:
                return ("pass",)
            if answer in ("pas", "p"):
                self.say(f"Je moet nu spelen: {suit} is troef.")
            else:
                self.say(f"Dat begrijp ik niet: typ speel om {suit} te spelen (of pas).")

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

    def parse_card_answer(self, answer: str, cards: list[int]) -> int | None:
        if answer.isdigit():
            index = int(answer) - 1
            return cards[index] if 0 <= index < len(cards) else None
        if len(answer) >= 2 and answer[0] in "krhs" and answer[1:] in DUTCH_RANKS:
            return parse_card(DUTCH_RANKS[answer[1:]] + "cdhs"["krhs".index(answer[0])])
        try:
            return parse_card(answer[:-1].upper() + answer[-1])
        except ValueError:
            return None

    def sorted_hand(self) -> list[int]:
        s = self.state
        trump = max(s.trump, 0)
        cards = [parse_card(c) for c in self.game.view(s, YOU)["hand"] or []]
        return sorted(cards, key=lambda c: (suit_of(c), -STRENGTH[trump][c]))

    def hand_text(self) -> str:
        return "  ".join(dutch_short(c) for c in self.sorted_hand())


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
