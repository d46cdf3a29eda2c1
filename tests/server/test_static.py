"""The client's entry page: index.html when the browser client is installed, else a
plain placeholder page rather than an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.responses import FileResponse, HTMLResponse

from kroeg.server import static


def test_without_the_client_the_root_is_a_placeholder_page(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(static, "WEB", tmp_path)
    page = static._index()
    assert isinstance(page, HTMLResponse) and b"Kroeg" in page.body
    (tmp_path / "index.html").write_text("<!doctype html><title>client</title>")
    assert isinstance(static._index(), FileResponse)
