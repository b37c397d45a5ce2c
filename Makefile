# One entry point for people and CI alike.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean

# The system-library check reads the installed Qt wheel, so it runs after the install.
# The compiled modules (gui_crawler/*.c) need a C compiler: checked before the install.
$(STAMP): pyproject.toml setup.py $(wildcard gui_crawler/*.c gui_crawler/*.h)
	bash tools/ensure-c-compiler.sh python3
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

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
	rm -rf $(VENV) build *.egg-info gui_crawler/*.so
