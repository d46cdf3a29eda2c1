"""schemathesis against ``/openapi.json`` of a real server, in the long run only
(``KROEG_LONG=1``): no route answers 500, and every status it answers is one the
document names for it (FastAPI ``responses=``, kroeg.server.api), with the content type
and headers it names. Calls are made as a guest (Bearer token) so that the routes behind
the token are reached, and also without one by the generated cases that drop it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from tests.server.harness import Server, log_path
from tests.store.databases import database
from tests.support import LONG

pytestmark = pytest.mark.skipif(not LONG, reason="schemathesis runs under KROEG_LONG=1")


@pytest.fixture(scope="module")
def api_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("server-openapi")
    with database("sqlite", tmp) as url:
        server = Server(url, log_path(request)).start()
        try:
            server.table("toepen", "kroegregels")
            yield server
        finally:
            server.stop()


CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
]


def test_the_api_answers_only_what_its_document_says(api_server: Server) -> None:
    """Each operation in turn with cases drawn from its schema (schemathesis's own pytest
    plugin does not run on this pytest, so its Python API drives Hypothesis here)."""
    schema = schemathesis.openapi.from_url(f"{api_server.url}/openapi.json")
    headers = {"authorization": f"Bearer {api_server.host_token()}"}
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 12
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
        def call(case: Any) -> None:
            case.call_and_validate(headers=headers, checks=CHECKS)

        call()
