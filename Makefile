# The two commands of the README:
#   make demo   set up .venv if missing, run the default skirmish, write a replay, show it
#   make test   set up .venv if missing, run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench samples clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,plot,cluster,video]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tactics skirmish --show

test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

samples: $(STAMP)
	$(BIN)/python -m tactics.samples replays

clean:
	rm -rf $(VENV) .pytest_cache
