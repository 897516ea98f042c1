#!/usr/bin/env bash
# Runs the numpy learning-curve benchmark (bench/numpy_curves.py: MinOver, AdaTron, Rosenblatt) in
# its own venv, bench/.venv, which is created on first use with the pinned requirements
# (bench/requirements.txt) and refreshed when that file changes. Arguments are passed through, e.g.
#   bash bench/run-numpy.sh --n 20 --alpha 0.1:10:100 --reps 100 --epochs 100 --seed 1 --csv out.csv
#   bash bench/run-numpy.sh --algorithm adatron --n 20 --alpha 0.25:10:40 --reps 40 --epochs 100
#   bash bench/run-numpy.sh --quick
# Needs CPython >= 3.11 as python3 (or $PYTHON) and PyPI. On Debian, python3 -m venv needs the
# python3-venv package; it is installed with apt-get when missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
req="$here/requirements.txt"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
    if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        echo "run-numpy.sh: $python has no ensurepip/venv; installing Debian's python3-venv" >&2
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
    fi
    rm -rf "$venv"
    "$python" -m venv "$venv"
fi

stamp="$venv/.requirements.sha256"
want="$(sha256sum "$req" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req" >&2
    echo "$want" >"$stamp"
fi

# A first argument ending in .py runs that script of bench/ instead, in the same venv, e.g.
#   bash bench/run-numpy.sh sklearn_svc.py /tmp/exact-200x2000.csv --runs 3
if [ "$#" -gt 0 ] && [[ "$1" == *.py ]]; then
    script="$1"
    shift
    exec "$venv/bin/python" "$here/$script" "$@"
fi
exec "$venv/bin/python" "$here/numpy_curves.py" "$@"
