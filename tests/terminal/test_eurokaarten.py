"""``kroeg play eurokaarten`` with scripted input: Dutch prompts, bad input, a whole partij."""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from kroeg.cards import parse_card
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.eurokaarten.view import EuroView
from kroeg.records import replay
from kroeg.terminal.eurokaarten import Describer
from kroeg.terminal.table import TerminalTable, play
from tests.games.test_eurokaarten_support import full_hands, make_deal


def args(seed: int = 1, record: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(
        game="eurokaarten", variant=None, seats=None, seed=seed, name="Jij", record=record
    )


def scripted(lines: list[str]) -> tuple[object, list[str]]:
    it = iter(lines)
    out: list[str] = []

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask, out


def test_a_whole_partij_is_playable_and_its_record_replays(tmp_path: Path) -> None:
    """Issue 4: "a full partij is playable in the terminal"; the record replays."""
    script = itertools.cycle(["stapel", "weg 1", "weg 2", "weg 3"])
    out: list[str] = []
    record = tmp_path / "partij.json"
    status = play(
        args(seed=7, record=str(record)), input_fn=lambda _: next(script), output_fn=out.append
    )
    assert status == 0
    text = "\n".join(out)
    assert "wint" in text and "Einde van de ronde" in text
    doc = json.loads(record.read_text())
    result, code = replay(doc)
    assert code == 0 and result["over"] is True
    assert result["result"]["winner"] in range(6)


def test_help_and_bad_input_get_a_dutch_answer_and_a_new_prompt() -> None:
    ask, _ = scripted(["help", "bla", "weg 9", "weg 1", "pot", "weg 99"])
    out: list[str] = []
    status = play(args(seed=3), input_fn=ask, output_fn=out.append)  # type: ignore[arg-type]
    text = "\n".join(out)
    assert status == 1 and "Gestopt." in text
    assert "Opdrachten:" in text
    assert "'bla' ken ik niet" in text
    assert "Pak eerst een kaart, van de stapel of van de aflegstapel." in text
    assert "Kies een kaart van 1 tot 6." in text


def _table(lines: list[str]) -> tuple[TerminalTable, list[str]]:
    """A table where you (seat 0) start a round with a known hand."""
    ask, _ = scripted(lines)
    out: list[str] = []
    game = Eurokaarten("standaard")
    table = TerminalTable(game, Describer(), args(), ask, out.append)  # type: ignore[arg-type]
    table.match.state = game.new_state(6, dealer=5)
    hands = full_hands({0: ["4h", "5h", "6h", "X1", "Qs"]}, "7h", ["9s"], set())
    table.match.step(5, make_deal(hands, "7h", ["9s"]))
    return table, out


def test_meld_with_a_joker_and_discard_from_the_prompt() -> None:
    table, out = _table(["s", "leg 1 2 3 6", "leg 1 2 3 6=7h", "weg 1"])
    table.match.advance()  # draw
    table.match.advance()  # the meld: first without the joker's card, then with it
    table.match.advance()  # discard
    text = "\n".join(out)
    assert "zeg welke kaart de joker voorstelt" in text.lower()
    view = EuroView.of(table.game.view(table.state, 0))
    assert view.melds[0].cards == ["4h", "5h", "6h", "X1=7h"]
    assert view.hand == ["Qs"]
    assert table.state.discard[-1] == parse_card("9s")
    assert "combinatie 0" in text


def test_refusals_are_said_in_dutch_by_their_code_and_params() -> None:
    """Issue 16: the terminal translates a refusal by its code and params, in the words of
    the Dutch catalog: §7.5 "a joker" may not be discarded, nor the card just taken
    from the discard pile (named in Dutch)."""
    table, out = _table(["pot", "weg 6", "weg 4", "weg 5"])
    table.match.advance()  # takes the 7h from the pile
    table.match.advance()  # the joker, then the 7h, are refused; the Qs goes
    text = "\n".join(out)
    assert "Een joker mag je niet afleggen." in text
    assert (
        "De harten zeven heb je net van de aflegstapel gepakt:"
        " die mag je niet meteen weer afleggen." in text
    )
    assert table.state.discard[-1] == parse_card("Qs")
