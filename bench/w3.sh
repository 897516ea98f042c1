#!/usr/bin/env bash
# W3 speed benchmark: MinOver, AdaTron and Rosenblatt learning curves, the Rust CLI (native, rayon on
# all cores) against vectorised numpy (bench/numpy_curves.py, one thread), timed in the same run.
# Workload per algorithm and N: alpha = 0.25:10:40, 40 repetitions, 100 epochs (fixed epochs;
# Rosenblatt stops earlier after an error-free epoch), seed 1. Prints a Markdown table of wall times
# (whole commands, process start and numpy's import included), the numpy/CLI ratio, the numpy
# script's own time for its loop over α (without Python start-up), and a statistical check that
# the two ε_g curves agree (bench/compare_curves.py). Not part of `make test`.
#
#   bash bench/w3.sh [--algorithms "minover adatron rosenblatt"] [--ns "5 20 150"] [--reps 40]
#                    [--repeat-cli 5] [--repeat-numpy 1] [--out DIR]
#
# The CLI runs --repeat-cli times, or fewer once its runs have taken 20 s in all; the table gives
# the median and every run.
# --reps K times a stated subset (K repetitions, CLI and numpy alike). The CLI is built with
# `cargo build --release --bin perceptron-lab` unless CLI=/path/to/perceptron-lab is set; numpy runs
# in bench/.venv through bench/run-numpy.sh (created on first use).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
algorithms="minover adatron rosenblatt"
ns="5 20 150"
reps=40
repeat_cli=5
repeat_numpy=1
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --algorithms) algorithms="$2"; shift 2 ;;
        --ns) ns="$2"; shift 2 ;;
        --reps) reps="$2"; shift 2 ;;
        --repeat-cli) repeat_cli="$2"; shift 2 ;;
        --repeat-numpy) repeat_numpy="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        *) echo "w3.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
alpha=0.25:10:40
epochs=100
seed=1
out="${out:-$(mktemp -d /tmp/w3.XXXXXX)}"
mkdir -p "$out"

if [ -z "${CLI:-}" ]; then
    (cd "$root" && cargo build --release --bin perceptron-lab >&2)
    CLI="${CARGO_TARGET_DIR:-$root/target}/release/perceptron-lab"
fi
bash "$here/run-numpy.sh" --quick >/dev/null # creates the venv before anything is timed

# ms of wall time of a command, its stdout to file $1
wall_ms() {
    local file="$1"; shift
    local t0 t1
    t0=$(date +%s%N)
    "$@" >"$file"
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000000))
}

median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
secs() { awk -v ms="$1" 'BEGIN {printf (ms < 1000 ? "%.3f" : "%.2f"), ms / 1000}'; }

echo "# W3 $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); CLI $CLI; output in $out"
echo "# alpha $alpha, $reps repetitions, $epochs epochs, seed $seed; CLI runs: $repeat_cli, numpy runs: $repeat_numpy (times: median, all runs in brackets)"
echo
echo "| algorithm | N | CLI (all cores) | numpy (1 thread) | numpy / CLI | numpy's own loop time | ε_g check (CLI vs numpy) |"
echo "|---|---|---|---|---|---|---|"
for algorithm in $algorithms; do
    for n in $ns; do
        common=(--algorithm "$algorithm" --n "$n" --alpha "$alpha" --reps "$reps" --epochs "$epochs" --seed "$seed")
        cli_ms=()
        spent=0
        for _ in $(seq "$repeat_cli"); do # up to --repeat-cli runs, fewer once 20 s are spent
            cli_ms+=("$(wall_ms "$out/cli-$algorithm-$n.csv" "$CLI" curve "${common[@]}" 2>/dev/null)")
            spent=$((spent + ${cli_ms[-1]}))
            if [ "$spent" -gt 20000 ]; then break; fi
        done
        np_ms=()
        for _ in $(seq "$repeat_numpy"); do
            np_ms+=("$(wall_ms "$out/numpy-$algorithm-$n.log" bash "$here/run-numpy.sh" "${common[@]}" --csv "$out/numpy-$algorithm-$n.csv")")
        done
        c=$(median "${cli_ms[@]}")
        p=$(median "${np_ms[@]}")
        check=$(python3 "$here/compare_curves.py" "$out/cli-$algorithm-$n.csv" "$out/numpy-$algorithm-$n.csv")
        runs() { local s=""; for v in "$@"; do s="$s${s:+, }$(secs "$v")"; done; echo "$s"; }
        inner=$(sed -n 's/^wall time \([0-9.]*\) s.*/\1/p' "$out/numpy-$algorithm-$n.log")
        echo "| $algorithm | $n | $(secs "$c") s ($(runs "${cli_ms[@]}")) | $(secs "$p") s ($(runs "${np_ms[@]}")) | **$(awk -v a="$p" -v b="$c" 'BEGIN {printf "%.1f", a / b}')×** | $inner s | $check |"
    done
done
