"""The dependencies an operator can trust (docs/operations.md, "Dependencies"): every
package the code imports is declared in pyproject.toml, each declared range has an upper
bound, and the lock file (constraints.txt, what make run, make test and CI install) pins a
version inside every range."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def _declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return [Requirement(r) for r in [*project["dependencies"], *extras] if r != "kroeg[env]"]


def _locked() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_every_range_has_an_upper_bound_and_holds_the_locked_version() -> None:
    pins = _locked()
    for requirement in _declared():
        name = canonicalize_name(requirement.name)
        assert any(s.operator == "<" for s in requirement.specifier), f"{requirement}: no <"
        assert name in pins, f"{name} is not in constraints.txt"
        assert requirement.specifier.contains(pins[name]), f"{requirement} vs {pins[name]}"


def test_every_package_the_code_imports_is_declared() -> None:
    declared = {canonicalize_name(r.name) for r in _declared()}
    distributions = packages_distributions()
    imported: set[str] = set()
    for path in (ROOT / "src" / "kroeg").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"kroeg"}
    assert third_party, "the walk found the imports"
    missing = {
        module
        for module in third_party
        if not declared & {canonicalize_name(d) for d in distributions.get(module, [])}
    }
    assert missing == set()
