"""One kind of refusal (issue 28 point 6): every refusal class is a :class:`Refusal`, and
every code the source refuses with has its HTTP status in the one table
(``kroeg.server.refusals.STATUS``), so a new code without one fails here, not in a
client that gets a default."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kroeg
from kroeg.accounts.errors import AccountError
from kroeg.clubs.errors import ClubError
from kroeg.errors import Refusal
from kroeg.games.base import GameError, InvalidInput, RuleError
from kroeg.server.refusals import STATUS
from kroeg.tables.errors import TableError

SOURCE = Path(kroeg.__file__).parent

PASSED_ON = {
    ("clubs/sheets.py", "e.code"): "a score line's refusal again, with the line's number",
    ("cluster/routing.py", "error['code']"): "a refusal the table's owner sent back",
}
"""Refusals made with a code that is not written where they are made, nor a ``code``
parameter: each passes on a code raised elsewhere (and so checked there)."""


@pytest.mark.parametrize(
    "cls", [GameError, RuleError, InvalidInput, TableError, AccountError, ClubError]
)
def test_every_refusal_class_is_a_refusal(cls: type[Exception]) -> None:
    assert issubclass(cls, Refusal)


def test_a_refusal_carries_its_code_message_and_params_as_the_wire_has_them() -> None:
    refused = TableError("bots_not_allowed", "no bots here", table="t1")
    assert (refused.code, refused.message, refused.params) == (
        "bots_not_allowed",
        "no bots here",
        {"table": "t1"},
    )
    assert refused.body() == {"code": "bots_not_allowed", "message": "no bots here", "table": "t1"}
    assert refused.json() == {"type": "error", **refused.body()}


def test_a_game_error_keeps_its_positional_code_message_and_params() -> None:
    refused = RuleError("must_follow", "follow suit", suit="h")
    assert (refused.code, refused.message, refused.params) == (
        "must_follow",
        "follow suit",
        {"suit": "h"},
    )


def test_a_club_error_keeps_retry_after_and_sends_it_only_when_it_has_one() -> None:
    over = ClubError("quota_exceeded", "at most 10 clubs a day", retry_after=30)
    assert over.retry_after == 30 and over.body()["retry_after"] == 30
    assert "retry_after" not in ClubError("night_closed", "closed").body()


def test_a_table_passes_a_games_refusal_on_as_rule_and_args() -> None:
    refused = TableError.refusal("illegal_action", RuleError("must_follow", "no", suit="h"))
    assert refused.params == {"rule": "must_follow", "args": {"suit": "h"}}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _refusal_classes(trees: dict[str, ast.Module]) -> set[str]:
    """The names of Refusal and its subclasses in the source, but GameError's: a game's
    code travels inside the table's refusal (``rule``), and the browser's ``rule.*``
    catalog covers those (tests/web)."""
    names = {"Refusal"}
    while True:
        more = {
            node.name
            for tree in trees.values()
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and node.name != "GameError"
            and any(_name(base) in names for base in node.bases)
        }
        if more <= names:
            return names
        names |= more


def _made(tree: ast.AST, classes: set[str]) -> list[ast.expr]:
    """The code of each refusal made in ``tree``, as written."""
    made = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if _name(func) in classes or (
            isinstance(func, ast.Attribute)
            and func.attr == "refusal"
            and _name(func.value) in classes
        ):
            made.append(node.args[0])
    return made


def _code_parameters(tree: ast.Module, classes: set[str]) -> tuple[dict[str, int], set[str]]:
    """The functions (and classes, by their ``__init__``) of ``tree`` that make a refusal
    of a ``code`` they are given: each name with the position of ``code`` in a call; and
    the codes they default to."""
    makers: dict[str, int] = {}
    defaults: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            function, given = node, "code"
        elif isinstance(node, ast.ClassDef):
            init = [f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"]
            if not init:
                continue
            function, given = init[0], "self.code"
        else:
            continue
        names = [a.arg for a in function.args.args]
        made = {ast.unparse(code) for code in _made(node, classes)}
        if "code" not in names or given not in made:
            continue
        makers[node.name] = names.index("code") - (names[:1] in (["self"], ["cls"]))
        args = function.args
        for arg, default in zip(reversed(args.args), reversed(args.defaults), strict=False):
            if arg.arg == "code" and _literal(default) is not None:
                defaults.add(str(_literal(default)))
    return makers, defaults


def _raised_codes() -> dict[str, set[str]]:
    """Every refusal code in the source, with the files that refuse with it."""
    trees = {
        str(path.relative_to(SOURCE)): ast.parse(path.read_text()) for path in SOURCE.rglob("*.py")
    }
    classes = _refusal_classes(trees)
    codes: dict[str, set[str]] = {}
    makers: dict[str, int] = {}
    for where, tree in trees.items():
        found, defaults = _code_parameters(tree, classes)
        makers |= found
        for default in defaults:
            codes.setdefault(default, set()).add(where)
    for where, tree in trees.items():
        given: list[ast.expr] = []
        for made in _made(tree, classes):
            written = ast.unparse(made)
            if _literal(made) is None and written not in {"code", "self.code"}:
                assert (where, written) in PASSED_ON, (where, written)
            given.append(made)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in makers:
                position = makers[str(_name(node.func))]
                given += [k.value for k in node.keywords if k.arg == "code"]
                given += node.args[position : position + 1]
        for code in given:
            literal = _literal(code)
            if literal is not None:
                codes.setdefault(literal, set()).add(where)
    return codes


def test_every_refusal_code_in_the_source_has_an_http_status() -> None:
    codes = _raised_codes()
    missing = {code: sorted(where) for code, where in codes.items() if code not in STATUS}
    assert not missing, f"give these codes a status in kroeg.server.refusals: {missing}"


def test_the_walk_finds_codes_made_directly_through_a_helper_and_by_a_default() -> None:
    codes = _raised_codes()
    assert "not_organiser" in codes  # ClubError("not_organiser", ...)
    assert "bad_table" in codes  # TableError.refusal("bad_table", e)
    assert "bad_club" in codes  # clean_text(name, "bad_club", ...)
    assert "quota_exceeded" in codes  # RateLimit(..., code="quota_exceeded")
    assert "rate_limited" in codes  # RateLimit's default code


def test_the_status_table_names_no_code_the_source_never_refuses_with() -> None:
    """A code that is gone leaves the table too (else the table lies about the API)."""
    assert set(STATUS) - set(_raised_codes()) == set()
