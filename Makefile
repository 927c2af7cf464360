# Fresh machine: `make run` installs and starts MedGraph; `make test` installs and runs the tests.
# Dependencies come from hash-checked lock files; `make lock` regenerates them from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The CPU build of torch (for the [st] extra) comes from the machine's wheel directory.
WHEELS := $(wildcard /opt/wheels)
LOCK_FLAGS := --python-version 3.11 --python-platform x86_64-manylinux_2_28 --generate-hashes \
	--no-header --quiet $(if $(WHEELS),--find-links $(WHEELS))
DEV_EXTRAS := --extra llm --extra eval --extra st --extra dev

.PHONY: install install-dev run test lint format clean-var lock scaled-smoke mutation

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
	$(BIN)/pip install --quiet -e ".[llm,eval,st,dev]"

lock: $(BIN)/python
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra llm $(LOCK_FLAGS) -o requirements.lock
	$(BIN)/uv pip compile pyproject.toml $(DEV_EXTRAS) -c requirements.lock $(LOCK_FLAGS) \
		$(if $(WHEELS),-c requirements-torch-cpu.txt) -o requirements-dev.lock

run: install
	$(BIN)/medgraph run

test: install-dev
	bash scripts/ensure-browser.sh
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

# Compose's wiring on one machine: TCP PostgreSQL/Redis, gunicorn, 1 then 3 workers.
scaled-smoke: install-dev
	$(BIN)/python scripts/scaled_smoke.py

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
