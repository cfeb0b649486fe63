# Bela: `make play` to play, `make test` to check everything. Both install what is missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
STAMP  := $(VENV)/.installed-stamp
NODE_STAMP := node_modules/.installed-stamp

.PHONY: help play test site screenshots serve lint typecheck unit e2e bench arena install chromium engines clean

help:
	@echo "make play   build the site and serve it at http://127.0.0.1:$(PORT) (PORT= to change)"
	@echo "make test   ruff, mypy, engine and bot tests, end-to-end tests (Chromium; a smoke in Firefox and WebKit)"
	@echo "make site   build the deployable static folder _site/"
	@echo "make bench  print benchmark figures (CPython and, with the site, Pyodide)"

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

chromium:
	@bash scripts/setup/ensure-chromium.sh

# Firefox ESR and WebKitGTK (MiniBrowser, WebKitWebDriver, Xvfb) for e2e/test_engines.py
engines:
	@bash scripts/setup/ensure-engines.sh

# the standard library and node_modules only: no virtual environment (the Pages job stays light);
# RELAYS='wss://… wss://…': the relays of "Play with friends" rooms (docs/friends.md); by default
# four public Nostr relays of Trystero's own list (a room contacts them only once it is opened)
RELAYS ?= wss://nos.lol wss://relay.mostr.pub wss://purplerelay.com wss://nostr.data.haus
export RELAYS
site: $(NODE_STAMP)
	$(PYTHON) -m scripts.build.build_site

screenshots: site chromium
	$(PY) -m scripts.build.make_screenshots

play: site
	@echo "Bela is at http://127.0.0.1:$(PORT)/  (Ctrl+C to stop)"
	$(PYTHON) -m http.server --directory _site --bind 127.0.0.1 $(PORT)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

unit: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest -q -n 2

# the browser tests on E2E_WORKERS workers (pytest-xdist; each its own Chromium and servers on
# free ports); the tests that share a build of their own share a worker (--dist loadgroup). A
# test whose page's renderer crashed (Chromium's, about once in 500 starts here) runs once more,
# and only that: any other failure fails (docs/testing.md, "A crashed renderer")
E2E_WORKERS ?= 3
E2E_RERUN := --reruns 1 --only-rerun '(Page|Target) crashed'
E2E := $(PY) -m pytest -q -p no:cacheprovider -n $(E2E_WORKERS) --dist loadgroup $(E2E_RERUN) -rR e2e

e2e: $(STAMP) site chromium engines
	$(E2E)

# side by side on the machine's cores: ruff, mypy, the unit tests (two workers) and the site's
# build, each one's output in one piece; then the browser tests
test: $(STAMP) $(NODE_STAMP) chromium engines
	@$(MAKE) --no-print-directory -j4 --output-sync=target lint typecheck unit site
	$(E2E)

bench: $(STAMP) site chromium
	$(PY) -m scripts.bench.bench

clean:
	rm -rf _site .pytest_cache .mypy_cache .ruff_cache e2e-artifacts
