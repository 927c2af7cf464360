# Fresh machine: `make run` installs and starts MedGraph; `make test` installs and runs the tests.
# Dependencies come from hash-checked lock files; `make lock` regenerates them from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# requirements.lock and requirements-dev.lock are universal (CPython 3.11-3.13, every
# platform) and resolve from the public index alone. The [st] extra pulls torch; its
# CPU build is not on the public index, so it has its own lock (requirements-st.lock,
# CPython 3.11 on Linux, torch from a wheel directory) used only by `make test-st`.
WHEELS ?= $(wildcard /opt/wheels)
LOCK_FLAGS := --universal --python-version 3.11 --generate-hashes --no-header --quiet
DEV_EXTRAS := --extra llm --extra eval --extra dev
ST_LOCK_FLAGS := --python-version 3.11 --python-platform x86_64-manylinux_2_28 --generate-hashes \
	--no-header --quiet $(if $(WHEELS),--find-links $(WHEELS))

.PHONY: install install-dev install-st run test test-st check-locks lint format clean-var lock \
	scaled-smoke mutation

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The lock pins and hash-checks every dependency; the editable install then adds only
# what a newer pyproject.toml asks for and the lock does not have yet (run `make lock`).
install: $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet -e ".[llm]"

install-dev: $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet -e ".[llm,eval,dev]"

# sentence-transformers and the CPU build of torch, from requirements-st.lock (needs a
# wheel directory or index with torch's CPU build: WHEELS=/path or PIP_FIND_LINKS).
install-st: install-dev
	$(BIN)/pip install --quiet --require-hashes -r requirements-st.lock \
		$(if $(WHEELS),--find-links $(WHEELS))
	$(BIN)/pip install --quiet -e ".[llm,eval,st,dev]"

lock: $(BIN)/python
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra llm $(LOCK_FLAGS) -o requirements.lock
	$(BIN)/uv pip compile pyproject.toml $(DEV_EXTRAS) -c requirements.lock $(LOCK_FLAGS) \
		-o requirements-dev.lock
	$(BIN)/uv pip compile pyproject.toml $(DEV_EXTRAS) --extra st -c requirements-dev.lock \
		-c requirements-torch-cpu.txt $(ST_LOCK_FLAGS) -o requirements-st.lock

# The lock files download, hash-checked, for CPython 3.11, 3.12 and 3.13 from the
# public index alone (no wheel directory, no pip configuration).
check-locks: $(BIN)/python
	bash scripts/check-locks.sh requirements.lock requirements-dev.lock

run: install
	$(BIN)/medgraph run

test: install-dev
	bash scripts/ensure-browser.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

# The tests that need the [st] extra (sentence-transformers embedders, re-indexing to
# another vector width); `make test` deselects them when the extra is not installed.
test-st: install-st
	$(BIN)/python -m pytest -m st

# Compose's wiring on one machine: TCP PostgreSQL/Redis, gunicorn, 1 then 3 workers.
# SMOKE_ARGS: CI passes "--sessions 15" (the same wiring and ordering checks, half the load).
SMOKE_ARGS ?=
scaled-smoke: install-dev
	$(BIN)/python scripts/scaled_smoke.py $(SMOKE_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean-var:
	-$(BIN)/medgraph services stop
	rm -rf var

# Mutation testing of the pure domain against tests/domain (not part of `make test`:
# about 10 minutes on 2 cores). Lists every surviving mutant; README says which are
# known and harmless. The tests read the development data from outside the mutants/ copy.
mutation: install-dev
	$(BIN)/pip install --quiet "mutmut==3.8.1"
	rm -rf mutants
	MEDGRAPH_EVAL_DATA=$${MEDGRAPH_EVAL_DATA:-$(abspath ..)/shared/data} timeout 3000 $(BIN)/mutmut run || true
	$(BIN)/mutmut results
