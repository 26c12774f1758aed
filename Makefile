# The two commands: `make play` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Which build of the engine and the games: auto (compiled with mypyc where a C compiler is
# present, else pure Python, said in one line), compiled (a failed build is an error), pure.
KABOOM_BUILD ?= auto

.PHONY: play serve test lint typecheck unit bench scenarios build clean

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

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools conftest.py
	$(BIN)/ruff format --check src tests bench tools conftest.py
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: build
	$(BIN)/pytest

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
