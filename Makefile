# One obvious command for each job. `make test` bootstraps .venv on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint bench clean compiled catalogs language venv docs docs-catalogs quiz learn play mutation \
	pyodide browser-wheels

DOCS_STAMP := $(VENV)/.installed-docs

# The quiz needs only the runtime dependencies (RUN_STAMP); the tests need the test extra (STAMP),
# which includes them.
RUN_STAMP := $(VENV)/.installed-runtime

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,scale]'
	touch $(STAMP) $(RUN_STAMP)

$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet -e .
	touch $(RUN_STAMP)

venv: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks tools
	$(BIN)/mypy --strict tutor
	$(BIN)/lint-imports

# The tests run on every core (pytest-xdist; tests/parallel.py keeps the tests of the docs build and
# of the golden cases each on one worker). `.venv/bin/pytest` alone runs them in one process.
test: lint
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/scenarios.py
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/play.py

# Start the quiz (bootstraps .venv on a fresh machine). Pass options with ARGS="--lang de".
quiz: $(RUN_STAMP)
	$(BIN)/domino-tutor quiz $(ARGS)

learn: $(RUN_STAMP)
	$(BIN)/domino-tutor learn $(ARGS)

# A practice game against the computer, with the coach. Options with ARGS="--game fives-and-threes".
play: $(RUN_STAMP)
	$(BIN)/domino-tutor play $(ARGS)

# Mutation testing of the engine and the questions (not part of `make test`; minutes per module
# on two cores). One module: make mutation MODULE=tutor/rules/line.py. Each path gets its score
# (score of tutor.questions: ...); the last line is the total score.
MUTATION_PATHS ?= tutor/rules tutor/questions
MODULE ?= $(MUTATION_PATHS)
mutation: $(STAMP)
	$(BIN)/python tools/mutation.py $(MODULE)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis build tutor/search/*.so tutor/search/solver/*.so mutants

# Optional: compile the exact solvers (tutor/search/solver/*.py) with mypyc, about 2.5 times faster.
# Needs a C compiler; without it (or after `make clean`) the same solvers run as pure Python.
# Rebuild after editing them: tests/search/test_solver.py checks both agree.
# (mypyc runs in build/mypyc: its setuptools cannot read this pyproject.toml. One mypyc run per
# module: a run given several modules puts their shared library outside the package.)
# The rollouts (tutor/search/rollouts.py) are built the same way: tests/search/test_rollouts.py
# checks the build against its source.
SOLVERS := solver/fives_threes solver/cutthroat rollouts
compiled: $(STAMP)
	rm -rf build/mypyc && mkdir -p build/mypyc && cp -r tutor build/mypyc/
	cd build/mypyc && for m in $(SOLVERS); do ../../$(BIN)/mypyc tutor/search/$$m.py || exit 1; done
	# Copy, then rename: a running process keeps the old file mapped instead of crashing.
	for f in build/mypyc/tutor/search/solver/*.so build/mypyc/tutor/search/*.so; do \
		d=tutor/search/$${f#build/mypyc/tutor/search/}; \
		cp "$$f" "$$(dirname $$d)/.$$(basename $$f).new" && \
		mv "$$(dirname $$d)/.$$(basename $$f).new" "$$d"; done

# Refresh the template from the sources and scenario files, then merge it into every catalog.
catalogs: $(STAMP)
	$(BIN)/pybabel extract -F pyproject.toml --sort-by-file --project=domino-tutor --copyright-holder="domino-tutor developers" -o locales/tutor.pot .
	$(BIN)/pybabel update -D tutor -i locales/tutor.pot -d locales --ignore-pot-creation-date

# Start a new language: make language L=es
language: $(STAMP)
	@test -n "$(L)" || (echo "usage: make language L=<code>, e.g. L=es" >&2; exit 2)
	$(BIN)/pybabel init -D tutor -i locales/tutor.pot -d locales -l $(L)

# The rules reference in en, de and pap: docs/_build/html/<lang>/ and a root index.html.
# Strict builds (-n -W --keep-going); the catalogs are used as they are (see docs-catalogs).
$(DOCS_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

# The engine in the page (tools/engine.py): `make docs` fetches the pinned Pyodide from npm on a
# fresh clone (checked against its sha256; into the git-ignored build/) and puts it and the
# browser's wheels into docs/_build/html/_engine/. Without network the pages are built without it.
docs: $(DOCS_STAMP)
	$(BIN)/python docs/build.py --fetch-engine docs/_build/html

# Only the fetch (the standard library is enough): build/pyodide-<version>/.
pyodide:
	$(PY) tools/engine.py fetch

# The browser's wheels alone (the tutor's, Babel cut to en/de/pap): build/wheels/.
browser-wheels: $(RUN_STAMP)
	$(BIN)/python tools/engine.py wheels build/wheels

# Refresh docs.pot from the pages and merge it into locales/{de,pap}/LC_MESSAGES/docs.po;
# the theme's words (sphinx.po) and the search page's (sphinx.js) come along.
docs-catalogs: $(DOCS_STAMP)
	$(BIN)/python -m sphinx -q -E -b gettext docs docs/_build/gettext
	for l in de pap; do $(BIN)/pybabel update -D docs -i docs/_build/gettext/docs.pot -d locales -l $$l --init-missing --ignore-pot-creation-date --ignore-obsolete --no-wrap; done
	$(BIN)/python docs/ui_catalog.py
