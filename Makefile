# The two commands: `make play` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# What each use installs into $(VENV) (tools/install.py): playing needs the core only, the
# server its extra, the tests everything (dev); each stamp is newer than pyproject.toml when
# done, and dev includes the others.
PLAY   := $(VENV)/.installed-play
SERVE  := $(VENV)/.installed-serve
STAMP  := $(VENV)/.installed-dev
# Which build of the engine and the games: auto (compiled with mypyc where a C compiler is
# present, else pure Python, said in one line), compiled (a failed build is an error), pure.
KABOOM_BUILD ?= auto

.PHONY: play serve test check lint typecheck unit bench scenarios build clean locales

$(PLAY) $(SERVE) $(STAMP): pyproject.toml
	@$(PYTHON) tools/install.py $(patsubst $(VENV)/.installed-%,%,$@) $(VENV)

# Compiles the engine, the games and the search into build/compiled/ (tools/compile.py);
# nothing to do while the sources are unchanged.
build: $(PLAY)
	@$(BIN)/python tools/compile.py $(KABOOM_BUILD)

# The table at once: on the compiled build where it is ready, else on the pure-Python one
# while the compiled build is made in the background for the next start.
play: $(PLAY)
	@$(BIN)/python tools/compile.py $(KABOOM_BUILD) --background
	@$(BIN)/kaboom play exploding-kittens --players 4 --bots ismcts --level medium

serve: $(SERVE)
	@$(BIN)/python tools/compile.py $(KABOOM_BUILD) --background
	@$(BIN)/kaboom serve $(KABOOM_SERVE_ARGS)

# pytest writes its rewritten test modules' bytecode even where the environment says not to
# (PYTHONDONTWRITEBYTECODE): that saves seconds at every start.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/pytest
# xdist workers for `make test`: one per core and two more, since a module's server, browser
# or Ray stays on one worker (--dist loadgroup, the modules' xdist_group marks) and often
# waits on them (a page, a bot's pace, a window's clock): the others keep every core busy.
# (One per browser group more was tried: no faster, and the bots' processes, at a lower
# priority, were starved enough for a move's release to show the search's length.)
WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 2)")
# The fast tier (README, "Developing"): the tests marked none of the service marks nor slow.
FAST := not slow and not browser and not postgres and not ray and not rl and not build

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools conftest.py
	$(BIN)/ruff format --check src tests bench tools conftest.py
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) build
	$(PYTEST) -n $(WORKERS) --dist loadgroup --no-loadscope-reorder --durations=15

# The loop to run while working (README, "Developing"): lint, types and the fast tier, the
# property and fuzz tests at a tenth (the Hypothesis profile "fast"), in under a minute. It
# builds nothing: where a source changed since the compiled build, kaboom runs pure Python.
check: lint typecheck
	$(PYTEST) -n 2 -m "$(FAST)" --hypothesis-profile=fast

scenarios: $(STAMP) build
	$(BIN)/kaboom scenario run tests/scenarios/*/*.json

# The checks and the compile at once (mypy and mypyc's first phase are one core each), then
# the whole suite on the compiled build.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j 3 lint typecheck build
	@$(MAKE) --no-print-directory unit

bench: $(STAMP) build
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/kaboom bench

# The browser table's gallery (docs/screenshots/, shown in the README): a whole game of each
# game in Debian's Chromium (tests/test_browser_table.py), each at 1280x800 and 390x844 at the
# deal, in a reaction window, at the bomb, with its fullest hand and at the end.
.PHONY: screenshots
screenshots: $(STAMP) build
	rm -f docs/screenshots/*.png
	KABOOM_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/test_browser_table.py -k every_decision

clean:
	$(PYTHON) tools/compile.py pure
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build

# The catalogues (docs/i18n.md): every marked message extracted into kaboom.pot, each
# language's .po brought up to date, the .mo files compiled (kept in git: playing needs
# only the standard library's gettext). Then translate what `tools/i18n.py missing` lists.
locales: $(STAMP)
	$(BIN)/python tools/i18n.py update
