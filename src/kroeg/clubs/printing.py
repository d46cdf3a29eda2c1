"""The bar's printed papers for portefeuille-klaverjassen (docs/clubs.md, "At the bar:
boards and movement cards"): the boards of a board set, each with its four hands, to
deal the physical portefeuilles from, and a movement card per table (per round the
pairs at the table and the boards on it).

Dutch, as the bar reads them: the seats are the compass of a board (Noord, Oost, Zuid,
West: seats 0 to 3, so Noord and Zuid are Wij, Oost and West Zij), suits by name
(schoppen, harten, ruiten, klaveren; the printer's own font has no suit symbols) and
ranks as the client shows them (A, H, V, B, 10 … 7). A4, the core Helvetica font, so
names are printed in Latin-1 (a character outside it becomes ``?``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fpdf import FPDF

from kroeg.cards import RANK_NAMES_NL, SUIT_NAMES_NL, SUITS, rank_of, suit_of
from kroeg.clubs.boards import Board, BoardSet
from kroeg.clubs.movements import Movement

SEAT_NAMES = ("Noord", "Oost", "Zuid", "West")
BOARDS_PER_PAGE = 4
_PAGE_W, _PAGE_H, _MARGIN = 210.0, 297.0, 12.0


def latin1(text: str) -> str:
    """``text`` as the core fonts can print it."""
    return text.encode("latin-1", "replace").decode("latin-1")


def hand_lines(hand: Sequence[int]) -> list[str]:
    """A hand by suit, schoppen first, each suit high to low:
    ``"schoppen: A H 10 7"`` (``-`` for a void)."""
    lines = []
    for suit in reversed(SUITS):
        ranks = sorted((rank_of(c) for c in hand if suit_of(c) == suit), reverse=True)
        cards = " ".join(RANK_NAMES_NL[r] for r in ranks) or "-"
        lines.append(f"{SUIT_NAMES_NL[suit]}: {cards}")
    return lines


def boards_pdf(title: str, boards: BoardSet) -> bytes:
    """Every board of the set, four to an A4 page: the board's number, its dealer and
    the four hands at their compass points."""
    pdf = _document(title)
    box_w = (_PAGE_W - 2 * _MARGIN) / 2
    box_h = (_PAGE_H - 2 * _MARGIN - 10) / 2
    for index, board in enumerate(boards.boards):
        if index % BOARDS_PER_PAGE == 0:
            pdf.add_page()
            pdf.set_font("helvetica", "B", 12)
            pdf.cell(0, 8, latin1(f"{title}: spellen (set {boards.commitment[:12]})"))
        spot = index % BOARDS_PER_PAGE
        x = _MARGIN + (spot % 2) * box_w
        y = _MARGIN + 10 + (spot // 2) * box_h
        _board_box(pdf, board, x, y, box_w, box_h)
    return bytes(pdf.output())


def _board_box(pdf: FPDF, board: Board, x: float, y: float, w: float, h: float) -> None:
    pdf.rect(x + 1, y + 1, w - 2, h - 2)
    pdf.set_font("helvetica", "B", 14)
    pdf.text(x + 4, y + 9, f"Spel {board.number}")
    pdf.set_font("helvetica", "", 9)
    pdf.text(x + 4, y + 14, f"Gever: {SEAT_NAMES[board.dealer]}")
    spots = {
        0: (x + w / 2 - 18, y + 20),  # Noord at the top
        1: (x + w / 2 + 12, y + h / 2 - 8),  # Oost on the right
        2: (x + w / 2 - 18, y + h - 34),  # Zuid at the bottom
        3: (x + 4, y + h / 2 - 8),  # West on the left
    }
    for seat, (sx, sy) in spots.items():
        pdf.set_font("helvetica", "B", 9)
        pdf.text(sx, sy, SEAT_NAMES[seat])
        pdf.set_font("helvetica", "", 9)
        for i, line in enumerate(hand_lines(board.deal.hands[seat])):
            pdf.text(sx, sy + 4.5 * (i + 1), line)


def movement_pdf(
    title: str,
    movement: Movement,
    deals_per_round: int,
    pair_names: Mapping[int, str],
) -> bytes:
    """A card per table, one to a page: per round the Wij pair (Noord-Zuid), the Zij
    pair (Oost-West) and the boards, then the list of pairs."""
    pdf = _document(title)
    for table in range(1, movement.tables + 1):
        pdf.add_page()
        pdf.set_font("helvetica", "B", 16)
        pdf.cell(0, 10, latin1(f"Tafel {table}"), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", "", 10)
        kind = "Mitchell" if movement.kind == "mitchell" else "Howell"
        pdf.cell(0, 6, latin1(f"{title} - {kind}"), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        widths = (18, 66, 66, 36)
        pdf.set_font("helvetica", "B", 10)
        for width, head in zip(widths, ("Ronde", "Wij (N-Z)", "Zij (O-W)", "Spellen"), strict=True):
            pdf.cell(width, 7, head, border=1)
        pdf.ln()
        pdf.set_font("helvetica", "", 10)
        for number in range(1, len(movement.rounds) + 1):
            s = movement.sitting(number, table)
            first, last = board_range(s.group, deals_per_round)
            row = (
                str(number),
                latin1(f"{s.ns}: {pair_names.get(s.ns, '')}"),
                latin1(f"{s.ew}: {pair_names.get(s.ew, '')}"),
                f"{first} t/m {last}",
            )
            for width, cell in zip(widths, row, strict=True):
                pdf.cell(width, 7, cell, border=1)
            pdf.ln()
    return bytes(pdf.output())


def board_range(group: int, deals_per_round: int) -> tuple[int, int]:
    """The first and last board of board group ``group`` (from 1)."""
    return (group - 1) * deals_per_round + 1, group * deals_per_round


def _document(title: str) -> FPDF:
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(auto=False)
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_title(latin1(title))
    pdf.set_creator("Kroeg")
    return pdf
