#!/usr/bin/env bash
# Exact maximal stability through the origin, N = 200, P = 2000 teacher set (seed 1): the native
# solver (examples/exact_timing.rs), scikit-learn's SVC on the same set (bench/sklearn_svc.py,
# through bench/run-numpy.sh) and the wasm build in headless Chromium (bench/exact-wasm.mjs),
# back to back, then the ratios of the medians.
# Usage: bash bench/exact.sh [runs]   (CARGO_TARGET_DIR and PKG, a private wasm-bindgen output,
# are honoured; the wasm package is built into $PKG, default /tmp/exact-pkg). Both builds use the
# `bench` feature: `exact::dual` and the wasm `ExactBench` are benchmark-only code.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs="${1:-7}"
target="${CARGO_TARGET_DIR:-$root/target}"
pkg="${PKG:-/tmp/exact-pkg}"
csv="$(mktemp --suffix=.csv)"
trap 'rm -f "$csv"' EXIT

cd "$root"
cargo build --release --features bench --example exact_timing >&2
cargo build --release --lib --target wasm32-unknown-unknown --features bench >&2
wasm-bindgen --target web --out-dir "$pkg" "$target/wasm32-unknown-unknown/release/perceptron_lab.wasm"

native="$("$target/release/examples/exact_timing" --runs "$runs" --write-csv "$csv")"
echo "$native"
sklearn="$(bash "$here/run-numpy.sh" sklearn_svc.py "$csv" --runs "$(( runs < 3 ? runs : 3 ))")"
echo "$sklearn"
wasm="$(node "$here/exact-wasm.mjs" --pkg "$pkg" --runs "$runs")"
echo "$wasm"

ms() { sed -n "s/^$1: median \([0-9.]*\) ms.*/\1/p" <<<"$2"; }
n_ms="$(ms active-set "$native")"
s_ms="$(ms sklearn "$sklearn")"
w_ms="$(ms wasm "$wasm")"
awk -v n="$n_ms" -v s="$s_ms" -v w="$w_ms" 'BEGIN {
    printf "scikit-learn / native: %.1fx (target >= 4x)\n", s / n
    printf "wasm / native: %.2fx (target <= 1.3x)\n", w / n
}'
