# The two commands: `make play` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Which build of the engine and the games: auto (compiled with mypyc where a C compiler is
# present, else pure Python, said in one line), compiled (a failed build is an error), pure.
KABOOM_BUILD ?= auto

.PHONY: play serve test check lint typecheck unit bench scenarios build clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Compiles src/kaboom/engine and src/kaboom/games in place (tools/compile.py); nothing to do
# while the sources are unchanged.
build: $(STAMP)
	$(BIN)/python tools/compile.py $(KABOOM_BUILD)

play: build
	$(BIN)/kaboom play exploding-kittens --players 4 --bots ismcts --level medium

serve: build
	$(BIN)/kaboom serve

# pytest writes its rewritten test modules' bytecode even where the environment says not to
# (PYTHONDONTWRITEBYTECODE): that saves seconds at every start.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/pytest
# xdist workers for `make test` (auto: one per core); one module's server, browser or Ray stays
# on one worker (--dist loadgroup, the modules' xdist_group marks).
WORKERS ?= auto
# The fast tier (README, "Developing"): the tests marked none of the service marks nor slow.
FAST := not slow and not browser and not postgres and not ray and not rl and not build

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools conftest.py
	$(BIN)/ruff format --check src tests bench tools conftest.py
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: build
	$(PYTEST) -n $(WORKERS) --dist loadgroup

# The loop to run while working (README, "Developing"): lint, types and the fast tier, the
# property and fuzz tests at a tenth (the Hypothesis profile "fast"), in under a minute. It
# builds nothing: where a source changed since the compiled build, kaboom runs pure Python.
check: lint typecheck
	$(PYTEST) -n 2 -m "$(FAST)" --hypothesis-profile=fast

scenarios: build
	$(BIN)/kaboom scenario run tests/scenarios/*/*.json

test: lint typecheck unit

bench: build
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/kaboom bench

# The browser table's screenshots (docs/screenshots/, shown in the README): the browser tests
# play each game in Debian's Chromium and keep their desktop and phone screenshots.
.PHONY: screenshots
screenshots: build
	KABOOM_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/test_browser.py -k whole_game

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build
	$(PYTHON) tools/compile.py pure
