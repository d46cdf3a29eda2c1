"""Every refusal's HTTP answer, in one place (docs/protocol.md, "Refusals").

A route never catches a :class:`~kroeg.errors.Refusal` to re-raise it as HTTP: it lets it
rise, and :func:`answer`, registered on the application for the class, writes the one
body the API has for an error, ``{"detail": {"code", "message", **params}}``, with the
status that :data:`STATUS` gives the code. The websocket answers the same refusal with an
``error`` frame (:meth:`kroeg.tables.errors.TableError.json`'s shape), without a status.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from kroeg.errors import Refusal

CONFLICT = 409
"""The status of a code not in :data:`STATUS`: refused in the current state. Every code
the source raises is in the table (tests/test_errors.py walks the source)."""

_BY_STATUS: dict[int, tuple[str, ...]] = {
    401: ("not_authenticated", "bad_token", "bad_login"),
    403: (
        "bad_origin",
        "bad_csrf",
        "token_scope",
        "private_record",
        "not_an_account",
        "not_a_bot",
        "not_organiser",
        "bots_not_allowed",
        "follow_refused",
        "not_following",
        "invite_refused",
    ),
    404: (
        "unknown_table",
        "unknown_game",
        "unknown_deal",
        "unknown_session",
        "unknown_account",
        "unknown_passkey",
        "unknown_token",
        "unknown_player",
        "unknown_club",
        "unknown_night",
        "unknown_member",
        "unknown_sheet",
        "unknown_entry",
        "unknown_round",
        "unknown_puzzle",
        "unknown_house_set",
        "no_puzzle",
        "no_analysis",
    ),
    409: (
        # a table's state
        "already_seated",
        "seat_taken",
        "table_finished",
        "table_full",
        "not_seated",
        "out_of_game",
        "game_running",
        "no_game",
        "game_not_over",
        "stale_version",
        "invalid_action",
        "illegal_action",
        "table_broken",
        "table_paused",
        "table_moved",
        "table_unreachable",
        "store_unavailable",
        "server_restarting",
        "no_fair_deal",
        "deal_drawn",
        "deal_not_open",
        "already_contributed",
        "bad_contribution",
        "too_many_tables",
        "too_many_connections",
        "bad_message",
        "bad_chat",
        "chat_flood",
        "invite_flood",
        "not_online",
        # an account's or a bot's state
        "name_taken",
        "already_registered",
        "not_registered",
        "passkey_taken",
        "last_way_in",
        "already_bot",
        "bot_suspended",
        "too_many_tokens",
        "puzzle_answered",
        # a club night's state
        "already_member",
        "night_open",
        "night_not_open",
        "night_closed",
        "round_running",
        "no_round_running",
        "no_rounds_left",
        "round_not_started",
        "duplicate_entry",
        "deal_taken",
        "sheet_over",
        "player_on_two_tables",
        "too_many_members",
        "mixed_games",
        "online_night",
        "server_starting",
        "no_movement",
    ),
    422: (
        # a request of the wrong form
        "bad_table",
        "bad_seat",
        "bad_name",
        "bad_password",
        "bad_confirmation",
        "bad_passkey",
        "bad_target",
        "unknown_game_name",
        "unknown_variant",
        "unknown_board",
        "unknown_card",
        "illegal_card",
        "illegal_choice",
        # a club, night or score line that does not fit
        "bad_club",
        "bad_member",
        "bad_night",
        "bad_options",
        "bad_table_size",
        "bad_rounds",
        "bad_best",
        "bad_pairs",
        "bad_byes",
        "bad_bye_score",
        "bad_entry_id",
        "bad_line",
        "bad_deal",
        "bad_deals",
        "bad_roem",
        "points_not_162",
        "mark_mismatch",
        "winner_pays",
        "duplicate_player",
        "too_few_players",
        "too_many_players",
        "player_out",
        "guest_online",
        "table_refused",
        # a duplicate night's boards and their results (kroeg.clubs.boards, duplicate)
        "bad_board_set",
        "bad_board_count",
        "bad_board",
        "board_number",
        "board_card_twice",
        "board_card_missing",
        "board_foreign_card",
        "board_hand_size",
        "board_set_mismatch",
        "unknown_board_number",
        "bad_board_result",
        "board_not_held",
        "board_played_twice",
        # a movement at the bar (kroeg.clubs.movements, bar_boards)
        "bad_movement",
        "movement_unfit",
        "movement_too_short",
        "board_set_short",
    ),
    429: ("rate_limited", "quota_exceeded"),
    500: ("internal",),
    503: ("table_moving", "queue_unreachable"),
}

STATUS: dict[str, int] = {code: status for status, codes in _BY_STATUS.items() for code in codes}
"""The HTTP status of each refusal code."""

_RETRY_AS_TEXT = frozenset({"rate_limited"})
"""Codes whose REST body has given ``retry_after`` as a string (the header's text) since
they came; ``quota_exceeded`` gives the number."""


async def answer(request: Request, exc: Exception) -> JSONResponse:
    """The refusal as the REST answer: its body under ``detail`` with the code's status;
    over a quota (429), ``Retry-After`` says in how many seconds to try again."""
    assert isinstance(exc, Refusal)  # registered for Refusal only
    detail = exc.body()
    headers = None
    retry_after = exc.params.get("retry_after")
    if retry_after is not None:
        headers = {"Retry-After": str(retry_after)}
        if exc.code in _RETRY_AS_TEXT:
            detail["retry_after"] = str(retry_after)
    return JSONResponse({"detail": detail}, STATUS.get(exc.code, CONFLICT), headers)
