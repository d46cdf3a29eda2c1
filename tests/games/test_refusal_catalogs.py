"""Every refusal code the engines can raise has a Dutch and an English text (issue 16).

The codes are found by reading the source with :mod:`ast`, not by running it: every
``RuleError(...)``, ``InvalidInput(...)`` and ``GameError(...)`` call under
``src/kroeg/``, every call of a helper that builds one from a code it is given (a
function passing one of its parameters on as the code), and every ``rule="..."``
keyword (the table layer's own codes, e.g. a card that does not exist). A call whose
code is not a string literal fails the test: the code is what the browser's catalogs
look up (``rule.<code>`` in ``src/kroeg/web/i18n/nl.js`` and ``en.js``), so it must be
findable without running the engine.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import kroeg
from tests.catalogs import PLACEHOLDER, read_catalog

SRC = Path(kroeg.__file__).parent

UNCONVERTED: frozenset[str] = frozenset()
"""Packages (relative to ``src/kroeg``) whose raises are not all coded yet: their uncoded
calls are tolerated, their coded ones are checked. Issue 16's game engineers convert
them; the lead empties this set when their branches are merged."""

ERRORS = frozenset({"RuleError", "InvalidInput", "GameError"})
CODE = re.compile(r"[a-z][a-z0-9_]*\Z")


@dataclass
class Found:
    """What the source raises: each code with the params some raise of it passes."""

    params: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    uncoded: list[str] = field(default_factory=list)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _keywords(call: ast.Call) -> set[str]:
    return {k.arg for k in call.keywords if k.arg is not None}


def _builders(trees: dict[str, ast.Module]) -> dict[str, tuple[int, str, set[str]]]:
    """Helpers that build an error from a code they are given: name -> (position of the
    code among the helper's parameters, its name, the params the helper adds itself)."""
    out: dict[str, tuple[int, str, set[str]]] = {}
    for tree in trees.values():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
            for call in ast.walk(fn):
                if (
                    isinstance(call, ast.Call)
                    and _name(call.func) in ERRORS
                    and len(call.args) >= 2  # a code, then the message
                    and isinstance(call.args[0], ast.Name)
                    and call.args[0].id in names
                ):
                    code_param = call.args[0].id
                    out[fn.name] = (names.index(code_param), code_param, _keywords(call))
    return out


def _literal_code(call: ast.Call) -> str | None:
    """The code of the coded form (a snake_case literal, then the message), else None:
    the one-argument form ``RuleError("message")`` has a message and no code."""
    if len(call.args) < 2 or not isinstance(call.args[0], ast.Constant):
        return None
    code = call.args[0].value
    return code if isinstance(code, str) and CODE.match(code) else None


def find_codes() -> Found:
    trees = {
        str(path.relative_to(SRC)): ast.parse(path.read_text(), str(path))
        for path in sorted(SRC.rglob("*.py"))
    }
    builders = _builders(trees)
    found = Found()
    for rel, tree in trees.items():
        tolerated = any(rel.startswith(f"{package}/") for package in UNCONVERTED)
        inside_builders = {
            id(node)
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) and fn.name in builders
            for node in ast.walk(fn)
        }
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            where = f"{rel}:{call.lineno}"
            name = _name(call.func)
            for k in call.keywords:
                if k.arg == "rule":
                    _table_code(found, call, k.value)
            if name in ERRORS:
                if id(call) in inside_builders and call.args and isinstance(call.args[0], ast.Name):
                    continue  # the helper's callers name the code
                code = _literal_code(call)
                if code is not None:
                    found.params[code] |= _keywords(call)
                elif not tolerated:
                    found.uncoded.append(where)
            elif name in builders:
                position, param, own = builders[name]
                arg = next((k.value for k in call.keywords if k.arg == param), None)
                if arg is None and len(call.args) > position:
                    arg = call.args[position]
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and CODE.match(arg.value)
                ):
                    found.params[arg.value] |= (_keywords(call) - {param}) | own
                elif not tolerated:
                    found.uncoded.append(where)
    return found


def _table_code(found: Found, call: ast.Call, value: ast.expr) -> None:
    """A ``rule="..."`` keyword (the table's own refusal codes) with its ``args`` dict."""
    if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return  # TableError.refusal passes a game's code on: found at its raise
    args = next((k.value for k in call.keywords if k.arg == "args"), None)
    keys: set[str] = set()
    if isinstance(args, ast.Dict):
        keys = {
            k.value for k in args.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)
        }
    found.params[value.value] |= keys


FOUND = find_codes()


def test_the_walk_finds_the_shared_codes_with_their_params() -> None:
    """The walker itself: base.py's option checks, checked by hand against its source."""
    assert FOUND.params["option_range"] == {"option", "low", "high"}
    assert FOUND.params["option_choice"] == {"option", "choices"}
    assert FOUND.params["deal_twice"] == {"cards"}
    assert FOUND.params["unknown_game"] == {"game"}
    assert FOUND.params["bad_card"] == set()  # the table's own code (rule="bad_card")


def test_the_walk_reads_helpers_and_refuses_uncoded_calls() -> None:
    """A helper that passes its code parameter on is followed to its callers; a raise
    whose code is not a literal is reported."""
    source = """
def bad(code, message, **params):
    return InvalidInput(code, message, verb="x", **params)

def use(v):
    raise bad("bad_thing", "no", what=v)

def old(v):
    raise RuleError(f"no {v}")
"""
    tree = ast.parse(source)
    builders = _builders({"m.py": tree})
    assert builders == {"bad": (0, "code", {"verb"})}
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) == "RuleError"]
    assert [_literal_code(c) for c in calls] == [None]
    coded = ast.parse('RuleError("must_follow", "follow suit", suit="h")', mode="eval").body
    message_only = ast.parse('RuleError("the game is over")', mode="eval").body
    assert isinstance(coded, ast.Call) and isinstance(message_only, ast.Call)
    assert _literal_code(coded) == "must_follow"
    assert _literal_code(message_only) is None


def test_every_raise_names_its_code_as_a_literal() -> None:
    assert FOUND.uncoded == [], (
        "raises without a literal code (the code must be the first argument, a string):\n"
        + "\n".join(FOUND.uncoded)
    )


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_no_key_appears_twice_in_a_catalog(lang: str) -> None:
    _, twice = read_catalog(lang)
    assert twice == []


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_every_code_has_a_text_whose_placeholders_are_its_params(lang: str) -> None:
    catalog, _ = read_catalog(lang)
    missing = sorted(code for code in FOUND.params if f"rule.{code}" not in catalog)
    assert missing == [], f"{lang}.js has no rule.<code> text for {missing}"
    unknown = {
        code: sorted(set(PLACEHOLDER.findall(catalog[f"rule.{code}"])) - params)
        for code, params in FOUND.params.items()
    }
    assert {code: names for code, names in unknown.items() if names} == {}, (
        f"{lang}.js fills in params that no raise of the code passes"
    )
