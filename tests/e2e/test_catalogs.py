"""The message catalogs (issue 6, item 6: "every string from a message catalog")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.e2e.conftest import NewPage

WEB = Path(__file__).resolve().parents[2] / "src" / "kroeg" / "web"
ENTRY = re.compile(r'^\s*"([^"]+)":\s*("(?:[^"\\]|\\.)*"),?\s*$')
KEY_PREFIXES = (
    "app", "lang", "nav", "settings", "conn", "game", "variant", "lobby", "table", "seat",
    "prompt", "card", "suit", "rank", "rankname", "verb", "log", "effect", "chat", "result",
    "score", "toepen", "kj", "euro", "replay", "error", "opt", "optname", "club", "puzzle",
    "house",
)  # fmt: skip
PREFIX = "|".join(KEY_PREFIXES)
KEY_LITERAL = re.compile(rf'"((?:{PREFIX})\.[A-Za-z0-9_.]+)"')


def catalog(lang: str) -> dict[str, str]:
    entries: dict[str, str] = {}
    for line in (WEB / "i18n" / f"{lang}.js").read_text().splitlines():
        m = ENTRY.match(line)
        if m:
            assert m.group(1) not in entries, f"{lang}.js has {m.group(1)} twice"
            entries[m.group(1)] = json.loads(m.group(2))
    return entries


def test_dutch_and_english_have_the_same_keys() -> None:
    """English may leave out only the options' help texts (opt.*): the lobby shows the
    engines' own English help texts instead."""
    nl, en = catalog("nl"), catalog("en")
    assert len(nl) > 300
    assert {k for k in nl if not k.startswith("opt.")} == set(en)


def test_every_key_the_code_names_exists() -> None:
    nl = catalog("nl")
    used: set[str] = set()
    for path in [*WEB.glob("*.js"), *WEB.glob("games/*.js"), *WEB.glob("mieke/*.js")]:
        used |= set(KEY_LITERAL.findall(path.read_text()))
    assert used, "the code names catalog keys"
    missing = sorted(used - set(nl))
    assert not missing, f"keys used in the code but missing from nl.js: {missing}"


def test_every_server_error_code_has_a_dutch_text() -> None:
    """docs/protocol.md lists the error codes; the client shows each as a Dutch message."""
    protocol = (WEB.parents[2] / "docs" / "protocol.md").read_text()
    table = protocol.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    codes = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M)
    assert len(codes) > 10
    nl = catalog("nl")
    assert [c for c in codes if f"error.{c}" not in nl] == []


def test_placeholders_match_between_languages() -> None:
    nl, en = catalog("nl"), catalog("en")
    field = re.compile(r"\{(\w+)\}")
    for key, text in en.items():
        assert set(field.findall(text)) == set(field.findall(nl[key])), key


def test_every_singular_has_its_plural_and_counts_with_n() -> None:
    """A ``<key>.one`` text is the singular that ``t(key, {n: 1})`` picks ("1 kaart", not
    "1 kaarten"); it stands beside its plural key and says the count the same way."""
    for lang in ("nl", "en"):
        texts = catalog(lang)
        singulars = [k for k in texts if k.endswith(".one")]
        assert len(singulars) >= 8
        for key in singulars:
            plural = key.removesuffix(".one")
            assert plural in texts, f"{lang}.js: {key} without {plural}"
            assert "{n}" in texts[key] and "{n}" in texts[plural], key


PLURALS = """async () => {
  const { t } = await import('/web/i18n.js');
  return [0, 1, 2].map((n) => t('seat.cards', { n }));
}"""


def test_one_card_is_one_kaart(new_page: NewPage) -> None:
    page = new_page()
    page.goto("/")
    assert page.evaluate(PLURALS) == ["0 kaarten", "1 kaart", "2 kaarten"]
