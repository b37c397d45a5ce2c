# One entry point for people and CI alike.
VENV   ?= .venv
PY     := $(VENV)/bin/python
# What running needs (make run), and the test tools beside it (make test, bench).
STAMP  := $(VENV)/.installed-stamp
TEST_STAMP := $(VENV)/.test-tools-stamp
# Quiet: no line of pip's unless something fails, and then its error.
PIP    := $(PY) -m pip install -qq
# An editable install (setuptools' default mode: its finder maps gui_crawler to this folder).
EDITABLE := -e
# The whole suite runs again under Python 3.13 where the machine has it (pyenv's, or on PATH).
PY313  ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3.13) \
	$(shell python3.13 -c 'import sys; print(sys.executable)' 2>/dev/null))
VENV313 ?= .venv-3.13
# Every pass of the suite on every core (pytest-xdist): the workers take tests as they free up;
# tests marked xdist_group(NAME) run on one worker, one after the other (--dist loadgroup).
# A worker that crashes (a segfault) ends the pass at once, failed: pytest-xdist 3.8 replacing a
# crashed worker under --dist loadgroup can wait for ever (its issues 1323 and 1327).
# XDIST= runs a pass in one process.
XDIST  ?= -n auto --dist loadgroup --max-worker-restart 0
# In CI (CI set, no terminal) a pass that hangs where pytest-timeout cannot interrupt it (a test
# stuck in C code) is ended after 30 minutes, failed; a pass takes about four. Not at a terminal:
# timeout's own process group would keep Ctrl-C from reaching the tests.
PASS_LIMIT ?= $(if $(CI),timeout -k 30 1800)
# The window's translations, compiled by the install (setup.py) and again here when a .ts changed.
QM     := $(patsubst %.ts,%.qm,$(wildcard gui_crawler/resources/*.ts))
.PHONY: run test test-pure test-3.13 test-sanitizers lint bench clean translations

# The system-library check reads the installed Qt wheel, so it runs after the install.
# The compiled modules (gui_crawler/parsing/*.c) want a C compiler, checked before the install: without
# one the pure-Python version is installed. The first install fetches PySide6 (~100 MB): a line says
# so, pip itself says nothing unless it fails. Afterwards one line says whether the compiled parts
# were built.
$(STAMP): pyproject.toml setup.py MANIFEST.in $(wildcard gui_crawler/parsing/*.c gui_crawler/parsing/*.h)
	@bash tools/ensure-c-compiler.sh python3
	@test -x $(PY) || { echo "== creating the virtual environment $(VENV)"; python3 -m venv $(VENV); }
	@echo "== installing gui_crawler and what it needs to run into $(VENV) (the first time takes a minute or two)"
	@$(PIP) --upgrade pip
	@$(PIP) $(EDITABLE) .
	@$(PY) -c "from gui_crawler.parsing import accel; print('== gui_crawler:', accel.describe())"
	@touch $(STAMP)

# The test extra's requirements, read from pyproject.toml (written once there), installed beside
# gui_crawler without building it again.
$(TEST_STAMP): $(STAMP)
	@echo "== installing the test tools into $(VENV) (pytest, pytest-qt, pytest-xdist, ruff, mypy, build)"
	@$(PY) -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['test'], sep='\n')" > $(VENV)/test-requirements.txt
	@$(PIP) -r $(VENV)/test-requirements.txt
	@touch $(TEST_STAMP)

gui_crawler/resources/%.qm: gui_crawler/resources/%.ts gui_crawler/ui/tsfile.py | $(STAMP)
	@$(PY) -c 'import sys; from gui_crawler.ui.tsfile import release; release(*sys.argv[1:])' $< $@

## make translations — the window's strings brought into each gui_crawler/resources/*.ts, every
## translation made kept; `$(PY) -m gui_crawler.ui.translations check` names those left to translate
translations: $(STAMP)
	$(PY) -m gui_crawler.ui.translations update

## make run [ARGS="http://127.0.0.1:8000/"] — install what running needs if not yet, then open the
## window (demo site by default)
run: $(STAMP) $(QM)
	bash tools/ensure-qt-libs.sh $(PY)
	$(VENV)/bin/gui-crawler $(ARGS)

## make test — install with the test tools if needed, then lint, type-check and run the whole test suite: with the
## compiled parts, the parsing/engine/store tests again in pure Python, all of it under 3.13, and
## the tests of the C paths on a build with AddressSanitizer and UndefinedBehaviorSanitizer
test: $(TEST_STAMP) $(QM)
	bash tools/ensure-qt-libs.sh $(PY) --xvfb
	bash tools/ensure-iproute2.sh
	bash tools/ensure-redis.sh
	bash tools/ensure-chromium.sh
	$(VENV)/bin/ruff check gui_crawler tests bench
	$(VENV)/bin/ruff format --check gui_crawler tests bench
	$(VENV)/bin/mypy
	@echo "== the whole suite ($$($(PY) -c 'from gui_crawler.parsing import accel; print(accel.describe())'))"
	$(PASS_LIMIT) $(PY) -m pytest $(XDIST) $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory test-pure test-3.13 test-sanitizers

# The tests of what the compiled parts do and of what uses them (the engine, the store, the CLI),
# marked `pure` by folder (tests/conftest.py), run again with GUI_CRAWLER_NO_EXTENSIONS=1: the
# pure-Python path is the specification, and the one installed where no C compiler is.
test-pure: $(TEST_STAMP)
	@echo "== parsing, engine, store and CLI tests in pure Python (GUI_CRAWLER_NO_EXTENSIONS=1)"
	GUI_CRAWLER_NO_EXTENSIONS=1 $(PASS_LIMIT) $(PY) -m pytest $(XDIST) $(PYTEST_ARGS) -m pure

# Where the compiled parts were not built (no compiler) there is no C to check.
test-sanitizers: $(TEST_STAMP)
	@if $(PY) -c 'from gui_crawler.parsing import accel; raise SystemExit(not accel.compiled("pagewalk"))'; \
	then $(PASS_LIMIT) bash tools/sanitize.sh $(PY) $(XDIST); \
	else echo "== no compiled parts here: the sanitizer build is skipped"; fi

test-3.13:
ifeq ($(PY313),)
	@echo "== no Python 3.13 on this machine: the suite under 3.13 is skipped"
else
	@bash tools/ensure-c-compiler.sh $(PY313)
	@test -x $(VENV313)/bin/python || { echo "== creating $(VENV313) with $(PY313)"; $(PY313) -m venv $(VENV313); }
	@$(VENV313)/bin/python -m pip install -qq --upgrade pip
	@echo "== installing gui_crawler and its test tools into $(VENV313)"
	@$(VENV313)/bin/python -m pip install -qq $(EDITABLE) '.[test]'
	@echo "== the whole suite under $$($(VENV313)/bin/python -V) ($$($(VENV313)/bin/python -c 'from gui_crawler.parsing import accel; print(accel.describe())'))"
	$(PASS_LIMIT) $(VENV313)/bin/python -m pytest -p no:cacheprovider $(XDIST) $(PYTEST_ARGS)
endif

bench: $(TEST_STAMP)
	@echo "== installing the benchmarks' peers and tools into $(VENV)"
	@$(PIP) $(EDITABLE) '.[test,bench]'
	$(PY) bench/run.py $(ARGS)

clean:
	rm -rf $(VENV) $(VENV313) build dist *.egg-info gui_crawler/parsing/*.so
