"""``kroeg play toepen``: Toepen at the terminal table (:mod:`kroeg.terminal.table`).

On your turn
you get a numbered list of what you may do (play a card, knock, stay, fold, look,
exchange, keep, laundry, challenge); type its number, a card (``h10``, ``sb``, ``Th``)
or a word (``klop``, ``mee``, ``pas``, ``kijk``, ``wissel``, ``houd``, ``was``).
In klassiek you are also asked, before the first card, whether to claim vuile was or
to challenge a claim. Text and prompts are Dutch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from kroeg.cards import SUIT_NAMES_NL, dutch_short, parse_card
from kroeg.games.base import Action, Event, GameError
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.view import ToepenView
from kroeg.terminal.refusals import refusal_nl as shared_refusal_nl
from kroeg.terminal.table import YOU, TerminalTable, read_card

HOUSE_NAMES = ("Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans")
WORDS = {
    "k": "knock",
    "klop": "knock",
    "kloppen": "knock",
    "m": "stay",
    "mee": "stay",
    "meegaan": "stay",
    "p": "fold",
    "pas": "fold",
    "passen": "fold",
    "kijk": "look",
    "kijken": "look",
    "w": "exchange",
    "wissel": "exchange",
    "houd": "keep",
    "was": "laundry",
    "vuile was": "laundry",
    "c": "challenge",
    "controleer": "challenge",
}
VERBS_NL = {
    "knock": "klop",
    "stay": "mee",
    "fold": "pas",
    "look": "kijk",
    "keep": "houd",
    "laundry": "vuile was",
}


def refusal_nl(error: GameError, card: int, names: Sequence[str] = ()) -> str:
    """The Dutch reason for refusing ``card``: the browser's text for the refusal's code
    (kroeg.terminal.refusals), or "mag nu niet" for a code it has no text for."""
    said = shared_refusal_nl(error, names)
    return said if said is not None else f"{dutch_short(card)} mag nu niet."


class Describer:
    """Toepen's words at the terminal table."""

    rules_choose_dealer: ClassVar[bool] = True

    def __init__(self) -> None:
        self.asked_laundry = -1

    def names(self, you: str, seats: int) -> list[str]:
        return [you, *HOUSE_NAMES[: seats - 1]]

    def opening(self, table: TerminalTable) -> None:
        s: ToepenState = table.state
        table.say(
            f"Toepen ({table.game.variant}) met {', '.join(table.names)}. Verliezen doe je bij"
            f" {table.game.option_values['max_points']} strafpunten."
        )
        if s.het is not None:
            for drawn in s.het:
                cards = ", ".join(f"{table.names[p]} {dutch_short(c)}" for p, c in drawn)
                table.say(f"Het: {cards}")
        table.say(f"{table.names[s.dealer]} deelt als eerste.")

    def before_deal(self, table: TerminalTable, dealer: int) -> None:
        return None  # the deal's own event says it

    def closing(self, table: TerminalTable) -> None:
        table.say(f"Eindstand (Mieke): {self.points(table)}")

    def event(self, table: TerminalTable, event: Event) -> None:
        if event.to in (None, YOU):
            line = self.describe(table, event)
            if line:
                table.say(line)

    def aside(self, table: TerminalTable, legal: list[Action]) -> Action | None:
        """Klassiek: vuile was and its challenge are out of turn; ask once per chance."""
        s: ToepenState = table.state
        chance = len(s.laundry) * 2 + int(s.played_any)
        if s.played_any or chance == self.asked_laundry:
            return None
        options = [a for a in legal if a[0] in ("laundry", "challenge")]
        if not options:
            return None
        self.asked_laundry = chance
        self.show_table(table)
        table.say("Voor de eerste kaart mag je nog:")
        return self.ask_action(table, options, optional=True)

    def ask(self, table: TerminalTable) -> Action:
        action = self.ask_action(table, table.match.legal(YOU), optional=False)
        assert action is not None
        return action

    def ask_action(
        self, table: TerminalTable, legal: list[Action], *, optional: bool
    ) -> Action | None:
        self.show_table(table)
        menu = "  ".join(f"{i}) {self.action_nl(table, a)}" for i, a in enumerate(legal, 1))
        extra = "  (Enter: niets)" if optional else ""
        while True:
            text = table.ask(f"Wat doe je? {menu}{extra}\n> ").strip().lower()
            if optional and not text:
                return None
            if text in ("?", "help"):
                table.say(_HELP)
                continue
            if text in ("mieke", "mieke?", "stand"):
                table.say(f"Mieke: {self.points(table)}")
                continue
            action = self.parse(text, legal)
            if action is not None:
                return action
            allowed = f"een nummer van 1 tot {len(legal)}"
            table.say(f"Dat kan niet: {self.why(table, text)} Kies {allowed}, of typ ? voor hulp.")

    def parse(self, text: str, legal: list[Action]) -> Action | None:
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        verb = WORDS.get(text)
        if verb is not None:
            matches = [a for a in legal if a[0] == verb]
            return matches[0] if len(matches) == 1 else None
        card = read_card(text)
        if card is not None and ("play", card) in legal:
            return ("play", card)
        return None

    def why(self, table: TerminalTable, text: str) -> str:
        """Why a typed action is refused, in Dutch, by the refusal's code."""
        card = read_card(text)
        if card is None:
            return f"'{text}' begrijp ik niet."
        try:
            table.try_action(("play", card))
        except GameError as e:
            return refusal_nl(e, card, table.names)
        return f"{dutch_short(card)} mag nu niet."

    def show_table(self, table: TerminalTable) -> None:
        view = ToepenView.of(table.match.view(YOU))
        hand = " ".join(dutch_short(parse_card(c)) for c in view.hand or [])
        trick = ", ".join(
            f"{table.names[t.seat]} {dutch_short(parse_card(t.card))}" for t in view.trick
        )
        table.say(f"Jouw kaarten: {hand or '(geen)'}")
        table.say(
            f"Op tafel: {trick or '(leeg)'}   Inzet: {view.stake}   Mieke: {self.points(table)}"
        )

    @staticmethod
    def points(table: TerminalTable) -> str:
        return ", ".join(
            f"{name} {p}" for name, p in zip(table.names, table.state.points, strict=True)
        )

    @staticmethod
    def action_nl(table: TerminalTable, action: Action) -> str:
        verb = action[0]
        if verb == "play":
            return dutch_short(action[1])
        if verb == "exchange":
            return f"wissel {dutch_short(action[1])}"
        if verb == "challenge":
            return f"controleer {table.names[action[1]]}"
        if verb == "revoke":
            return f"{table.names[action[1]]} verzaakt!"
        return VERBS_NL.get(str(verb), str(verb))

    def describe(self, table: TerminalTable, event: Event) -> str | None:
        """One Dutch line for an event (None for those the table shows otherwise)."""
        d = event.data
        name = table.names[d["seat"]] if isinstance(d.get("seat"), int) else ""
        kind = event.kind
        if kind == "deal":
            dealer = table.names[d["dealer"]]
            return f"\n=== Ronde {d['deal_no']}: {dealer} deelt, inzet {d['stake']} ==="
        if kind == "hand":
            return "Je krijgt: " + " ".join(dutch_short(parse_card(c)) for c in d["cards"])
        simple: dict[str, Callable[[], str]] = {
            "play": lambda: f"{name} speelt {dutch_short(parse_card(d['card']))}",
            "knock": lambda: f"{name} klopt! De inzet is nu {d['stake']}.",
            "stay": lambda: (
                f"{name} gaat mee" + (" en klopt erover!" if d.get("knocks_again") else ".")
            ),
            "fold": lambda: f"{name} past ({d['cost']} strafpunt{'en' if d['cost'] != 1 else ''}).",
            "look": lambda: f"{name} kijkt (speelt voor {d['stake']}).",
            "trick": lambda: f"Slag {d['trick_no']} voor {table.names[d['winner']]}.",
            "lead": lambda: f"{name} komt uit.",
            "whistle": lambda: f"{name} fluit! (drie {'tienen' if d['rank'] == 'T' else 'boeren'})",
            "stand_up": lambda: (
                f"{name} staat op! (vier {'tienen' if d['rank'] == 'T' else 'boeren'})"
            ),
            "exchange": lambda: (
                f"{name} legt {dutch_short(parse_card(d['card']))} open en pakt een kaart."
            ),
            "draw": lambda: f"Je pakt {dutch_short(parse_card(d['card']))}.",
            "keep": lambda: f"{name} houdt zijn kaarten.",
            "reveal": lambda: f"{name} toont de klaveren aas.",
            "applause": lambda: "Applaus voor de compromiskaart!",
            "tienentrekker": lambda: "Tienentrekker, tienentrekker, HEU HEU!",
            "heeft_men_meer": lambda: f"Heeft men meer? ({SUIT_NAMES_NL['cdhs'.index(d['suit'])]})",
            "boerenfiske": lambda: "Boerenfiske! Drie boeren op tafel.",
            "armoede": lambda: (
                "Armoede! " + ", ".join(table.names[p] for p in d["seats"]) + " staat op de rand."
            ),
            "laundry": lambda: f"{name} roept vuile was en pakt vier nieuwe kaarten.",
            "late": lambda: f"{name} treuzelt: 1 strafpunt.",
            "toep": lambda: (
                f"{name} heeft toep: " + " ".join(dutch_short(parse_card(c)) for c in d["cards"])
            ),
        }
        if kind in simple:
            return simple[kind]()
        if kind == "challenge":
            verdict = "eerlijk" if d["honest"] else "gebluft"
            target, paying = table.names[d["target"]], table.names[d["penalised"]]
            return f"{name} controleert {target}: {verdict}; strafpunt voor {paying}."
        if kind == "deal_end":
            who = "niemand" if d["winner"] is None else table.names[d["winner"]]
            return f"{who} wint de ronde. Mieke: {self.points(table)}"
        if kind == "game_over":
            losers = ", ".join(table.names[p] for p in d["losers"])
            return f"\nAfgelopen! Verloren: {losers}. Proost, een shot!"
        if kind == "perfect_game":
            return (
                "Perfect game voor "
                + ", ".join(table.names[p] for p in d["seats"])
                + ": iedereen een extra shot!"
            )
        return None


_HELP = (
    "Typ het nummer van je keuze, of een kaart als h10 (harten tien), sb (schoppen boer),"
    " ka (klaveren aas), of een woord: klop, mee, pas, kijk, wissel, houd, was."
    " 'mieke' laat de stand zien."
)
