# The two commands of the README. Each sets up everything it needs (scripts/bootstrap.sh:
# virtual environment, dependencies, llama.cpp built for this CPU, the embedded model).
.PHONY: review test setup bench

VENV := .venv
PY := $(VENV)/bin/python

setup:
	@bash scripts/bootstrap.sh

# The main job: review the bundled example documents on the embedded model (no keys).
review: setup
	@$(VENV)/bin/thinkact review examples/legal_docs --yes --out review_output

# The whole test suite, with lint and types.
test: setup
	@$(PY) -m ruff check src tests bench scripts
	@$(PY) -m mypy src
	@$(PY) -m pytest -q

bench: setup
	@$(PY) bench/loop_overhead.py
	@$(PY) bench/parallel_tools.py
	@$(PY) bench/local_turns.py
