"""Account names (issue 19: 2-24 characters, unique case-insensitively; the brief: no
control characters; docs/accounts.md "Names")."""

from __future__ import annotations

import pytest

from kroeg.accounts.errors import AccountError
from kroeg.accounts.names import clean_account_name, name_key


def test_a_name_is_trimmed_and_brought_to_nfkc() -> None:
    assert clean_account_name("  Anna   de  Vries ") == "Anna de Vries"
    assert clean_account_name("Ａｎｎａ") == "Anna"  # full-width letters
    assert clean_account_name("ﬁet") == "fiet"  # the ligature is two letters
    assert clean_account_name("Jo") == "Jo"
    assert clean_account_name("x" * 24) == "x" * 24


@pytest.mark.parametrize(
    "name",
    ["", "A", " A ", "x" * 25, "An\u202ena", "Anna\u200b", "An\x00na", "Anna\x7f", "\u00ad\u00ad"],
)
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(AccountError) as refused:
        clean_account_name(name)
    assert refused.value.code == "bad_name"


def test_the_key_makes_case_and_width_the_same_name() -> None:
    assert name_key("Anna") == name_key("ANNA") == name_key("ａｎｎａ") == name_key(" anna ")
    assert name_key("Straße") == name_key("STRASSE") == "strasse"
    assert name_key("Anna") != name_key("Anne")
    assert name_key("Ǆemal") == name_key("ǆemal") == "džemal"
