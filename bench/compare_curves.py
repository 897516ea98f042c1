#!/usr/bin/env python3
"""Statistical agreement of two learning-curve CSVs (the CLI's columns) of the same algorithm and
grid, e.g. the Rust CLI's and bench/numpy_curves.py's, drawn from different random numbers.

Per alpha, z = (m_a - m_b) / sqrt(sem_a^2 + sem_b^2) for the mean eps_g. If both estimate the same
curve, z is roughly standard normal: mean z^2 near 1, |z| > 3 at about 0.3 % of the alphas.
Prints one line (no `|`, so that it fits in a Markdown table): alphas compared, mean z^2, the
largest |z| (and where), how many |z| > 3, and `agree` when no |z| exceeds 4 and mean z^2 < 2
(a sanity check, not a test).
Standard library only. Usage: python3 compare_curves.py a.csv b.csv
"""

import csv
import math
import sys


def rows(path):
    """alpha -> (eps_g_mean, eps_g_sem) of a CSV with the CLI's header."""
    with open(path, encoding="utf-8") as f:
        return {round(float(r["alpha"]), 12): (float(r["eps_g_mean"]), float(r["eps_g_sem"]))
                for r in csv.DictReader(f)}


def main(a_path, b_path):
    a, b = rows(a_path), rows(b_path)
    common = sorted(set(a) & set(b))
    if not common:
        raise SystemExit("compare_curves: no alpha in common")
    zs = []
    for alpha in common:
        (ma, sa), (mb, sb) = a[alpha], b[alpha]
        s = math.hypot(sa, sb)
        zs.append((abs(ma - mb) / s if s > 0 else (0.0 if ma == mb else math.inf), alpha))
    mean_z2 = sum(z * z for z, _ in zs) / len(zs)
    zmax, at = max(zs)
    beyond = sum(1 for z, _ in zs if z > 3)
    verdict = "agree" if zmax <= 4 and mean_z2 < 2 else "DISAGREE"
    print(f"{len(zs)} α: mean z² {mean_z2:.2f}, largest z {zmax:.2f} (α = {at:g}), "
          f"{beyond} beyond 3: {verdict}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    main(sys.argv[1], sys.argv[2])
