# Every target makes or refreshes .venv itself, so a fresh machine needs nothing beforehand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RAY_STAMP := $(VENV)/.installed-ray
INTEROP_STAMP := $(VENV)/.installed-interop
TRAIN_STAMP := $(VENV)/.installed-train
PG_STAMP := $(VENV)/.installed-postgres
ARGS ?=

.PHONY: run play test bench bench-tenants lint simulate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Ray (the arena's cluster backend) is an optional extra; only the tests need it.
$(RAY_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(RAY_STAMP)

# OpenSpiel and PettingZoo (boardwright.interop) are optional extras; the tests and bench need them.
$(INTEROP_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel,pettingzoo]'
	touch $(INTEROP_STAMP)

# CPU PyTorch and sb3-contrib (the training example) are an optional extra; its smoke test needs them.
$(TRAIN_STAMP): $(INTEROP_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel,pettingzoo,train]'
	touch $(TRAIN_STAMP)

# psycopg (PostgreSQL storage) is an optional extra; the tests need it.
$(PG_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,postgres]'
	touch $(PG_STAMP)

## run: the web server (lobby at http://127.0.0.1:8000), SQLite storage by default (ARGS to change).
run: $(STAMP)
	$(BIN)/boardwright serve $(ARGS)

## play: a game of Beowulf in the terminal, you against the ISMCTS bot (ARGS to change).
play: $(STAMP)
	$(BIN)/boardwright play beowulf --players 2 --seats human,ismcts --think 1 $(ARGS)

## test: lint, type-check the engine, then the whole test suite in parallel. Installs Debian's
## chromium and postgresql first when they are missing (as root; otherwise says what to install).
## The PostgreSQL tests use $BOARDWRIGHT_TEST_PG if set, else a private cluster that
## .ci/with-postgres starts and stops.
test: lint $(RAY_STAMP) $(INTEROP_STAMP) $(TRAIN_STAMP) $(PG_STAMP)
	.ci/system-packages
	.ci/with-postgres $(BIN)/python -m pytest -n auto --dist worksteal --durations=30 $(ARGS)

## lint: ruff, and mypy --strict on the engine core and the games in the per-game shape.
lint: $(STAMP)
	$(BIN)/ruff check boardwright tests bench examples
	$(BIN)/mypy

## bench: random-playout speed and clone cost for every game; OpenSpiel, PettingZoo and simulate
## side by side with their yardsticks (the engine loop, PettingZoo's tictactoe_v3).
bench: $(INTEROP_STAMP)
	$(BIN)/python bench/run.py $(ARGS)

## bench-tenants: a server whose tables play while one address attacks within every limit;
## the tables' bot and move p99 with and without the attacker, side by side (docs/web-protocol.md).
bench-tenants: $(STAMP)
	$(BIN)/python bench/tenants.py $(ARGS)

simulate: $(STAMP)
	$(BIN)/boardwright simulate beowulf --players 4 --games 100 --seed 1 $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
