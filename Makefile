# Two commands: `make run` and `make test`. Each sets up its own virtual environment.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-stamp
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000

.PHONY: run test lint warm unit e2e chromium nginx screenshots bench clean

# The browser tests' own tools from npm (axe-core, pinned in package-lock.json): the
# client loads nothing from npm, the accessibility tests inject axe into the pages.
NODE_STAMP := node_modules/.package-lock.json

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# constraints.txt pins every Python package to the versions the suite was last run with
# (a new release of a dependency must not turn CI red on its own). `make run` installs
# what the server needs ($(RUN_STAMP)); the tests and linters add the dev extras.
$(RUN_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

# `make run PORT=8080` for another port.
run: $(RUN_STAMP)
	mkdir -p data
	$(BIN)/kroeg serve --host 127.0.0.1 --port $(PORT)

# Chromium from Debian's packages for the browser tests, installed when missing.
chromium:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

# Debian's nginx for the load-balancer tests (tests/test_nginx.py), installed when missing;
# the tests run it as the current user from a configuration of their own.
nginx:
	@test -x /usr/sbin/nginx || (apt-get update -qq && apt-get install -y -qq nginx)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

# Parts of the suite, for working on one layer; `make test` runs all of it.
unit: $(STAMP)
	$(BIN)/pytest --ignore=tests/e2e

e2e: $(STAMP) chromium $(NODE_STAMP)
	$(BIN)/pytest tests/e2e

# The compiled Klaverjas solver built into numba's cache (some 20 s once): else every
# bot worker of the servers the tests start compiles it at the same time.
warm: $(STAMP)
	$(BIN)/python -c 'from kroeg.bots.klaverjassen.kernel import warm; warm()'

# The suite on every core (pytest-xdist): a module's tests stay together on one worker,
# so that its server and browser fixtures are made once (docs/testing.md). The linters
# and the solver's build, both single-threaded, run side by side first.
# The suite's servers run uvicorn's public websocket implementation (the default); the
# websocket tests of a real server run once more on the fast path, which subclasses
# uvicorn's internals (KROEG_WS_FAST=1, docs/operations.md): a few seconds more.
WS_TESTS := tests/server/test_protocol.py tests/server/test_spectators.py

test: $(STAMP) chromium nginx $(NODE_STAMP)
	$(MAKE) --no-print-directory -j2 lint warm
	$(BIN)/pytest -n auto --dist loadfile
	KROEG_WS_FAST=1 $(BIN)/pytest -n auto --dist loadfile $(WS_TESTS) -k 'not postgresql and not fuzzed'

# Screenshots of each game on a desktop and a phone for the README (docs/screenshots/).
screenshots: $(STAMP) chromium
	$(BIN)/python -m tests.e2e.screenshots

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) node_modules data .pytest_cache .mypy_cache .ruff_cache .hypothesis
