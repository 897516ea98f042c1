# Perceptron Lab: `make serve` to set up, build and serve; `make test` to set up and run every test.
PORT ?= 8000
WASM := target/wasm32-unknown-unknown/release/perceptron_lab.wasm
# The baseline build: the same code without wasm SIMD, for browsers without it (Safari before
# 16.4); www/app/wasm-build.js picks one of the two at load. RUSTFLAGS replaces the `+simd128` of
# .cargo/config.toml, and its own target directory keeps the SIMD build's cache valid.
BASELINE_DIR := target/nosimd
BASELINE_WASM := $(BASELINE_DIR)/wasm32-unknown-unknown/release/perceptron_lab.wasm
export CHROMEDRIVER ?= /usr/bin/chromedriver

.PHONY: docs-tables setup build build-bench serve test test-native test-wasm test-e2e test-browsers test-python lint bench clean

setup:
	@bash scripts/setup.sh

# The docs' generated tables (the README's algorithms, docs/cli.md's settings) rewritten from
# `perceptron-lab list`; tests/docs_tables.rs fails when they differ.
docs-tables:
	bash scripts/docs-tables.sh

# binaryen's wasm-opt (the npm package, no download beyond npm): -O3 for speed, which also drops
# the name section; the wasm features come from the module's target_features section, which the
# output then drops with the producers section (no browser reads them). --low-memory-unused: the
# first 1 KiB of memory is never addressed (Rust's stack starts at 1 MiB and grows down, data
# lies above it), so constant offsets fold into loads and stores: a smaller module
# (BENCHMARKS.md, Size). The baseline build (browsers without SIMD only) with -Os: smaller
# still, at a small cost in speed on its heavy sweep.
WASM_OPT_FLAGS := --low-memory-unused --strip-producers --strip-target-features
WASM_OPT := node node_modules/binaryen/bin/wasm-opt -O3 $(WASM_OPT_FLAGS)
WASM_OPT_BASELINE := node node_modules/binaryen/bin/wasm-opt -Os $(WASM_OPT_FLAGS)

build: setup
	cargo build --release --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir www/pkg $(WASM)
	RUSTFLAGS="-C target-feature=-simd128" CARGO_TARGET_DIR=$(BASELINE_DIR) \
	  cargo build --release --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir $(BASELINE_DIR)/pkg $(BASELINE_WASM)
	@cmp -s $(BASELINE_DIR)/pkg/perceptron_lab.js www/pkg/perceptron_lab.js \
	  || { echo "build: the baseline build's JavaScript glue differs from the SIMD build's" >&2; exit 1; }
	cp $(BASELINE_DIR)/pkg/perceptron_lab_bg.wasm www/pkg/perceptron_lab_baseline_bg.wasm
	$(WASM_OPT) www/pkg/perceptron_lab_bg.wasm -o www/pkg/perceptron_lab_bg.wasm
	$(WASM_OPT_BASELINE) www/pkg/perceptron_lab_baseline_bg.wasm -o www/pkg/perceptron_lab_baseline_bg.wasm
	node scripts/bundle.mjs
	node scripts/single-file.mjs
	@for f in www/pkg/perceptron_lab_bg.wasm www/pkg/perceptron_lab_baseline_bg.wasm; do \
	  printf '%s: %s bytes, %s gzipped\n' $$f $$(wc -c < $$f) $$(gzip -9 -c $$f | wc -c); done

# The wasm with the benchmark-only exports (`benchKernel`, `ExactBench`: the `bench` feature) for
# bench/kernels.mjs and bench/exact-wasm.mjs, in its own directory so that www/pkg stays the
# shipped build: `node bench/kernels.mjs --pkg $(BENCH_PKG)`.
BENCH_PKG ?= target/bench-pkg
build-bench: setup
	cargo build --release --lib --target wasm32-unknown-unknown --features bench
	wasm-bindgen --target web --out-dir $(BENCH_PKG) $(WASM)

serve: build
	@echo "Perceptron Lab: open http://localhost:$(PORT)/ (Ctrl+C stops)"
	python3 -m http.server $(PORT) --bind 127.0.0.1

lint: setup
	cargo fmt --check
	cargo clippy --all-targets --features bench -- -D warnings
	cargo clippy --all-targets -- -D warnings
	cargo clippy --all-targets --target wasm32-unknown-unknown --features bench -- -D warnings
	cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
	cargo fmt --check --manifest-path python/Cargo.toml
	PYO3_PYTHON=python3 cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings
	npx biome check .
	cargo build --release --lib --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir www/pkg $(WASM)
	npx tsc -p tsconfig.json
	npx tsc -p tsconfig.worker.json

test-native: setup
	cargo test --features bench

test-wasm: setup
	cargo test --target wasm32-unknown-unknown --test wasm_api

# Each test is cut after 10 minutes (the slowest take well under one): a page that hangs fails
# its own test by name instead of running into CI's limit.
E2E_TIMEOUT := --test-timeout=600000

test-e2e: build
	cargo build --release --bin perceptron-lab
	node --test --test-concurrency=1 $(E2E_TIMEOUT) tests/e2e/

# The smoke suite in Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK
# (selenium-webdriver, WebKitWebDriver under Xvfb), the baseline build and the page without
# WebAssembly in WebKit; Chromium's numbers for comparison come from the same run.
test-browsers: build
	node --test --test-concurrency=1 $(E2E_TIMEOUT) tests/browsers/

# The Python package (python/, docs/python.md) in a virtualenv of its own under target/ (made
# once, its packages installed once), built from the source and installed as a user installs it,
# its tests run against the installed package from outside the source tree, beside the CLI's
# output for the same arguments.
VENV := target/venv
VENV_PY := $(VENV)/bin/python
PY_PACKAGES := maturin numpy pandas scikit-learn 'dask[distributed]' pytest tqdm
test-python:
	cargo build --release --bin perceptron-lab
	test -x $(VENV_PY) || python3 -m venv $(VENV)
	$(VENV_PY) -c "import maturin, numpy, pandas, sklearn, distributed, pytest, tqdm" 2>/dev/null \
	  || $(VENV_PY) -m pip install -q $(PY_PACKAGES)
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV_PY) -m pip install -q --no-build-isolation ./python
	cd target && PERCEPTRON_LAB_CLI=$(CURDIR)/target/release/perceptron-lab \
	  ../$(VENV_PY) -m pytest -q -p no:cacheprovider ../python/tests

test: lint test-native test-wasm test-e2e test-browsers test-python

bench: build
	node bench/drag.mjs

clean:
	cargo clean
	rm -rf www/pkg tests/artifacts node_modules
