# One entry point for people and CI alike.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean

# The system-library check reads the installed Qt wheel, so it runs after the install.
# The compiled modules (gui_crawler/*.c) want a C compiler, checked before the install: without
# one the pure-Python version is installed. The first install fetches PySide6 (~100 MB): pip shows
# its progress. Afterwards one line says whether the compiled parts were built.
$(STAMP): pyproject.toml setup.py MANIFEST.in $(wildcard gui_crawler/*.c gui_crawler/*.h)
	@bash tools/ensure-c-compiler.sh python3
	@echo "== creating the virtual environment $(VENV)"
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@echo "== installing gui_crawler and its test tools into $(VENV) (the first time takes a few minutes)"
	$(PY) -m pip install -e '.[test]'
	@$(PY) -c "$$COMPILED_REPORT"
	touch $(STAMP)

# Which compiled parts the install built (setup.py builds each one it can).
define COMPILED_REPORT
import importlib.util
missing = [n for n in ("_pagewalk", "_inlinks", "_linkpack") if importlib.util.find_spec("gui_crawler." + n) is None]
print("== gui_crawler: the compiled parts are built" if not missing else "== gui_crawler: without the compiled " + ", ".join(missing) + ": their pure-Python version runs (slower)")
endef
export COMPILED_REPORT

## make run [ARGS="http://127.0.0.1:8000/"] — install if needed, then open the window (demo site by default)
run: $(STAMP)
	bash tools/ensure-qt-libs.sh $(PY)
	$(VENV)/bin/gui-crawler $(ARGS)

## make test — install if needed, then lint, type-check and run the whole test suite
test: $(STAMP)
	bash tools/ensure-qt-libs.sh $(PY) --xvfb
	$(VENV)/bin/ruff check gui_crawler tests bench
	$(VENV)/bin/ruff format --check gui_crawler tests bench
	$(VENV)/bin/mypy
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	$(PY) bench/run.py $(ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info gui_crawler/*.so
