"""The Python package's figures for BENCHMARKS.md, measured in one run on this machine.

    target/venv/bin/python bench/python_bench.py [--reps 100] [--skip-svc]

1. The heavy sweep (MinOver, N = 20, α = 0.1…10 in 100 steps, 100 repetitions, 100 epochs):
   ``perceptron-lab curve`` against ``learning_curve`` (threads of this process), then the CLI
   with ``--threads 1`` and ``2`` against a Dask ``LocalCluster`` of 1 and 2 worker processes.
2. ``MaxStability().fit`` and ``MinOver().fit`` against scikit-learn's ``SVC(kernel="linear",
   C=1e6)`` and ``LinearSVC`` on the maximal-stability problem N = 200, P = 2000 (a teacher
   set), each with its stability κ on the set.
"""

import argparse
import os
import pathlib
import subprocess
import time

import numpy as np

import perceptron_lab as pl

ROOT = pathlib.Path(__file__).resolve().parents[1]
CLI = os.environ.get("PERCEPTRON_LAB_CLI", str(ROOT / "target" / "release" / "perceptron-lab"))


def clock(f):
    t = time.perf_counter()
    out = f()
    return time.perf_counter() - t, out


def sweep(reps):
    alpha = "0.1:10:100"
    grid = np.linspace(0.1, 10, 100)
    args = ["--algorithm", "minover", "--n", "20", "--alpha", alpha, "--reps", str(reps),
            "--epochs", "100", "--seed", "1"]
    kw = dict(algorithms="minover", n=20, alpha=grid, reps=reps, epochs=100, seed=1,
              progress=False)

    def cli(*extra):
        return subprocess.run([CLI, "curve", *args, *extra], check=True, capture_output=True)

    rows = []
    t_cli, _ = clock(cli)
    t_py, _ = clock(lambda: pl.learning_curve(**kw))
    rows.append(("CLI (all cores) vs learning_curve (threads)", t_cli, t_py))
    from dask.distributed import Client, LocalCluster

    for workers in (1, 2):
        t_cli, _ = clock(lambda: cli("--threads", str(workers)))
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.submit(pl.algorithms).result()  # workers up and the package imported
            t_py, _ = clock(lambda: pl.learning_curve(**kw, executor=client))
        rows.append((f"CLI --threads {workers} vs Dask LocalCluster, {workers} worker(s)", t_cli, t_py))
    print(f"\n| heavy sweep, reps {reps} | CLI s | Python s | Python/CLI |\n|---|---|---|---|")
    for name, a, b in rows:
        print(f"| {name} | {a:.2f} | {b:.2f} | {b / a:.2f} |")


def fits(skip_svc):
    from sklearn.svm import SVC, LinearSVC

    from perceptron_lab.sklearn import MaxStability, MinOver

    X, y, _ = pl.teacher_set(200, 2000, 1)

    def kappa(w, b):
        return np.min(y * (X @ w + b)) / np.linalg.norm(w)

    models = [("MaxStability (exact)", MaxStability()), ("MinOver (gap 10⁻³)", MinOver())]
    if not skip_svc:
        models += [("SVC(kernel='linear', C=1e6)", SVC(kernel="linear", C=1e6)),
                   ("LinearSVC()", LinearSVC())]
    print("\n| fit, N = 200, P = 2000 | s | κ on the set |\n|---|---|---|")
    for name, m in models:
        t, _ = clock(lambda: m.fit(X, y))
        print(f"| {name} | {t:.2f} | {kappa(m.coef_[0], m.intercept_[0]):.5f} |")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=100)
    ap.add_argument("--skip-svc", action="store_true")
    ap.add_argument("--only", choices=["sweep", "fits"])
    a = ap.parse_args()
    if a.only != "fits":
        sweep(a.reps)
    if a.only != "sweep":
        fits(a.skip_svc)
