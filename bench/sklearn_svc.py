"""scikit-learn's SVC (libsvm, linear kernel) on the exact maximal-stability benchmark set.

The perceptron of maximal stability through the origin is the hard-margin SVM without intercept,
min |w|²/2 s.t. S^μ w·ξ^μ ≥ 1, with κ_max = 1/|w|. SVC always fits an intercept b; trained on the
mirrored set {(ξ^μ, S^μ), (−ξ^μ, −S^μ)} the optimum has b = 0 by symmetry (if (w, b) is optimal so
is (w, −b), and the optimum is unique), so SVC solves the same problem. C = 1e10 makes the margin
hard (every example of a separable set ends with α^μ far below C).

The set is read from the CSV that `cargo run --release --example exact_timing -- --write-csv`
writes (header x1,…,xN,label), so both solve the very same numbers. Only `fit` is timed (median
of --runs). Prints κ = 1/|w|, the intercept, the number of support vectors and the KKT check
min_μ S^μ (w·ξ^μ + b) (should be 1 up to the tolerance).

Run through bench/run-numpy.sh, which installs the pinned requirements in bench/.venv:
    bash bench/run-numpy.sh sklearn_svc.py /tmp/exact-200x2000.csv [--runs 5] [--tol 1e-6]
"""

import argparse
import statistics
import time

import numpy as np
import sklearn
from sklearn.svm import SVC


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv", help="x1,…,xN,label rows (from exact_timing --write-csv)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tol", type=float, default=1e-6, help="libsvm's KKT tolerance")
    ap.add_argument("--C", type=float, default=1e10)
    ap.add_argument("--cache-mb", type=float, default=2000.0, help="kernel cache (the whole matrix fits)")
    args = ap.parse_args()

    data = np.loadtxt(args.csv, delimiter=",", skiprows=1)
    xs, ys = data[:, :-1], data[:, -1]
    p, n = xs.shape
    mirrored_x = np.vstack([xs, -xs])
    mirrored_y = np.concatenate([ys, -ys])

    times = []
    for _ in range(args.runs):
        svc = SVC(kernel="linear", C=args.C, tol=args.tol, shrinking=True, cache_size=args.cache_mb)
        t0 = time.perf_counter()
        svc.fit(mirrored_x, mirrored_y)
        times.append((time.perf_counter() - t0) * 1e3)
    w = svc.coef_.ravel()
    b = float(svc.intercept_[0])
    kappa = 1.0 / np.linalg.norm(w)
    margins = ys * (xs @ w + b)
    print(
        f"sklearn {sklearn.__version__} SVC(kernel='linear', C={args.C:g}, tol={args.tol:g}, shrinking=True, "
        f"cache_size={args.cache_mb:g}) on the mirrored set of N = {n}, P = {p} ({2 * p} rows)"
    )
    print(
        f"sklearn: median {statistics.median(times):.3f} ms (runs: {' '.join(f'{t:.1f}' for t in times)}); "
        f"kappa {kappa:.15f}; intercept {b:.3e}; support vectors {len(svc.support_)} (of the mirrored set); "
        f"min margin {margins.min():.9f}; max alpha {np.abs(svc.dual_coef_).max():.3e}"
    )


if __name__ == "__main__":
    main()
