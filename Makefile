# One obvious command for each job. `make test` bootstraps .venv on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint bench clean catalogs language venv

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks
	$(BIN)/mypy --strict tutor/rules

test: lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Refresh the template from the sources and scenario files, then merge it into every catalog.
catalogs: $(STAMP)
	$(BIN)/pybabel extract -F pyproject.toml --sort-by-file --project=domino-tutor --copyright-holder="domino-tutor developers" -o locales/tutor.pot .
	$(BIN)/pybabel update -D tutor -i locales/tutor.pot -d locales --ignore-pot-creation-date

# Start a new language: make language L=es
language: $(STAMP)
	@test -n "$(L)" || (echo "usage: make language L=<code>, e.g. L=es" >&2; exit 2)
	$(BIN)/pybabel init -D tutor -i locales/tutor.pot -d locales -l $(L)
