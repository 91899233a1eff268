# Common tasks. `make serve` and `make test` are the README's two commands.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

# The opt-in mypyc build of the rules engine (decision 18): a wheel compiled with
# POKERNIGHT_COMPILE=1, installed under build/compiled, outside src/, so that nothing
# imports it unless PYTHONPATH names it. Rebuilt whenever a source or setup.py changes.
COMPILED := build/compiled/.built
# The engine's tests, run a second time against the compiled build; not those of the
# evaluators it does not compile (deuce-to-seven, badugi, eight-or-better, short-deck:
# pokernight/build.py), which would only run the same Python twice.
NOT_COMPILED_TESTS := tests/test_evaluate_lowball.py tests/test_evaluate_eight_low.py \
	tests/test_evaluate_short_deck.py
ENGINE_TESTS := $(filter-out $(NOT_COMPILED_TESTS), \
	$(wildcard tests/test_rules_*.py tests/test_evaluate_*.py tests/test_phh_*.py)) \
	tests/test_differential_pokerkit.py tests/test_replay_cli.py tests/test_cards.py \
	tests/test_engine_build.py

# Against the compiled build the PokerKit differential plays the blocks of hands whose
# number ends in 0 (the first of every game): the pure-Python run above plays them all,
# and the compiled engine's logs are pinned hand by hand by tests/test_rules_speed_paths.py.
COMPILED_SELECTION := not agree_with_pokerkit or 0]

.PHONY: serve test lint typecheck pytest test-compiled compiled compiled-if-possible format bench bench-compiled clean

# setuptools: `make compiled` builds without isolation, with the venv's own setuptools,
# and reading pyproject's `license = "MIT"` (PEP 639) takes setuptools 77 or newer.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet 'setuptools>=77' wheel
	$(BIN)/python -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

# `make serve PORT=8080 HOST=0.0.0.0 DB=postgresql://...`: where the room listens and what
# it keeps its tables in (default: the SQLite file pokernight.sqlite3 here, or $$DATABASE_URL).
HOST ?= 127.0.0.1
PORT ?= 8000
DB ?=

serve: $(STAMP)  ## start the poker room (SQLite) and print its URL
	$(BIN)/pokernight serve --host '$(HOST)' --port '$(PORT)' $(if $(DB),--db '$(DB)')

# mypy and the mypyc build of the engine are each one process on one core, for 20 and 30 s:
# they run side by side, before the tests (which write in the checkout: the wheel test
# builds an sdist there). The compiled engine's tests run after pytest: beside it (even at
# nice 19) they slowed it by more than they saved, the suite being bound by the CPU.
test: lint  ## the whole suite: ruff + mypy + pytest, engine also compiled
	@$(MAKE) --no-print-directory -j2 --output-sync=target typecheck compiled-if-possible
	@$(MAKE) --no-print-directory pytest test-compiled

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

# No test runs alone any more (the cluster kills test asserts no timing: 4d3d3d8).
# Three workers on two cores: the browser, seat and cluster tests wait part of their time
# (bots' pauses, clocks, sockets), and a third worker fills it: 852 s against 899 s with two,
# on a fresh clone here (the suite is mostly bound by the CPU).
# The 40 slowest tests are listed at the end: where the budget of 15 minutes goes.
pytest: $(STAMP)
	$(BIN)/pytest -n 3 --dist worksteal --durations=40

# The engine's tests against the compiled build; POKERNIGHT_EXPECT_COMPILED makes
# tests/test_engine_build.py fail if the modules were not loaded from extension modules.
# Without a C compiler or the Python headers they are skipped and say why, like the
# PostgreSQL and browser tests; CI (POKERNIGHT_REQUIRE_ALL_TESTS) fails instead.
test-compiled: $(STAMP)
	@if $(BIN)/python -c "$$CAN_COMPILE"; then \
		$(MAKE) --no-print-directory compiled && \
		POKERNIGHT_EXPECT_COMPILED=1 PYTHONPATH=build/compiled $(BIN)/pytest -n 2 --dist worksteal \
			-k '$(COMPILED_SELECTION)' $(ENGINE_TESTS); \
	elif [ -n "$$POKERNIGHT_REQUIRE_ALL_TESTS" ]; then \
		echo "test-compiled: no C compiler or Python headers (Debian: gcc python3-dev)"; exit 1; \
	else \
		echo "SKIPPED test-compiled: no C compiler or Python headers (Debian: gcc python3-dev)"; \
	fi

# The build test-compiled needs, made beside mypy by `make test`; where nothing can compile,
# test-compiled says so (or fails under POKERNIGHT_REQUIRE_ALL_TESTS).
compiled-if-possible: $(STAMP)
	@if $(BIN)/python -c "$$CAN_COMPILE"; then $(MAKE) --no-print-directory compiled; fi

# A compiler on the PATH and Python.h where this Python's headers belong.
define CAN_COMPILE
import os, shutil, sys, sysconfig
headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
sys.exit(0 if shutil.which(sysconfig.get_config_var("CC").split()[0]) and os.path.exists(headers) else 1)
endef
export CAN_COMPILE

compiled: $(COMPILED)  ## the rules engine compiled with mypyc, under build/compiled (opt-in)

# Stale outputs go first: setuptools would put a .so left in build/lib.* by an earlier
# build into the new wheel even if its module is no longer compiled.
$(COMPILED): $(STAMP) setup.py $(shell find src/pokernight -name '*.py')
	rm -rf build/wheels build/compiled build/lib build/lib.* build/bdist.*
	POKERNIGHT_COMPILE=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
		-w build/wheels .
	$(BIN)/python -m pip install --quiet --no-deps --target build/compiled build/wheels/pokernight-*.whl
	touch $@

format: $(STAMP)  ## rewrite files in the house style
	$(BIN)/ruff format src tests scripts
	$(BIN)/ruff check --fix src tests scripts

bench: $(STAMP)  ## speed against peer libraries
	$(BIN)/pokernight bench eval
	$(BIN)/pokernight bench engine

bench-compiled: $(COMPILED)  ## the engine benchmark on the compiled build
	PYTHONPATH=build/compiled $(BIN)/pokernight bench engine

clean:
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
