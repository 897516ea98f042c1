#!/usr/bin/env python3
"""MinOver student-teacher learning curve in vectorised numpy: the speed reference for the Rust core.

The experiment (the heaviest of the assignment): N inputs; for each alpha of an evenly spaced grid,
P = max(1, round(alpha N)) examples and n_D repetitions. Each repetition draws a teacher
w* ~ Gaussian with |w*|^2 = N, P inputs xi ~ N(0, 1)^N and labels S = sign(w*.xi) (+1 on ties),
then runs MinOver from tabula rasa for `epochs` * P steps:

    nu = argmin_mu E^mu,   E^mu = w.xi^mu S^mu,   w <- w + xi^nu S^nu / N.

Measured per repetition: eps_g = arccos(R)/pi with R = w.w*/(|w||w*|), kappa(w) = min_mu E^mu/|w|,
the training error (fraction of E^mu <= 0). Per alpha: means, standard errors of the mean.

The hot loop keeps the potentials E incrementally from the Gram matrix C = Z Z^T of the signed
inputs z^mu = S^mu xi^mu (O(P) per step, no BLAS): E += C[nu] / N. The update counts x^mu are
recorded and w = Z^T x / N is formed once at the end, and the measures are computed from that w.

Two variants (--variant):
  batched  all n_D repetitions of one alpha at once: E has shape (n_D, P), one argmin along axis 1
           and one gather of n_D Gram rows per step, so the Python/numpy call overhead is paid
           once per step for all repetitions. The default: on the full grid (1.01e8 steps, 2-core
           AMD EPYC VM) it took 14-16 s, the per-rep variant 113-120 s.
  per-rep  one repetition at a time: E has shape (P,), `nu = E.argmin(); E += C[nu]`; about 1.1 us
           per step, almost all of it numpy's per-call overhead (P <= 200 is too small to amortise it).
Both draw the same random numbers in the same order and do the same floating-point operations, so
for one seed they give bit-identical results.

Usage:
  python3 numpy_minover.py --n 20 --alpha 0.1:10:100 --reps 100 --epochs 100 --seed 1 [--csv out.csv]
  python3 numpy_minover.py --quick          # 5 repetitions, 10 alpha values: a smoke run
"""

import argparse
import math
import sys
import time

import numpy as np

CSV_HEADER = (
    "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,"
    "train_error_mean,updates_mean"
)


def parse_alpha(spec, quick):
    """`start:stop:count` (inclusive, evenly spaced like numpy.linspace) or a comma list.

    The grid is computed as the Rust CLI does (`start + (stop - start) * i / (count - 1)`), so the
    alpha column of the two CSVs holds the same numbers (numpy.linspace can differ in the last bit).
    """
    parts = spec.split(":")
    try:
        if len(parts) == 3:
            start, stop, count = float(parts[0]), float(parts[1]), int(parts[2])
            if quick:
                count = min(count, 10)
            if count < 1:
                raise ValueError
            if count == 1:
                values = [start]
            else:
                values = [start + (stop - start) * i / (count - 1) for i in range(count)]
        elif len(parts) == 1:
            values = [float(v) for v in spec.split(",")]
        else:
            raise ValueError
    except ValueError:
        raise SystemExit(f"--alpha: expected start:stop:count or a comma list, got {spec!r}")
    values = np.array(values)
    if not np.all(np.isfinite(values)) or np.any(values <= 0):
        raise SystemExit(f"--alpha: every alpha must be positive and finite, got {spec!r}")
    return values


def examples(alpha, n):
    """P = max(1, round(alpha N)), halves rounded away from zero (as Rust's f64::round)."""
    x = alpha * n
    q = math.floor(x)
    return max(1, int(q) + (1 if x - q >= 0.5 else 0))


def fmt(x):
    """A number as Rust's `{}` prints an f64 (shortest round trip, `10` not `10.0`, `NaN`)."""
    x = float(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == int(x) and abs(x) < 1e16:
        return str(int(x)) if x != 0 or math.copysign(1, x) > 0 else "-0"
    return repr(x)


def draw(rng, reps, n, p):
    """Teachers (reps, N) with |w*|^2 = N, inputs (reps, P, N), labels (reps, P)."""
    teachers = rng.standard_normal((reps, n))
    teachers *= math.sqrt(n) / np.linalg.norm(teachers, axis=1, keepdims=True)
    xi = rng.standard_normal((reps, p, n))
    h = np.einsum("rpn,rn->rp", xi, teachers)
    labels = np.where(h >= 0.0, 1.0, -1.0)
    return teachers, xi, labels


def minover_batched(z, steps, n):
    """MinOver on all repetitions at once. z: (reps, P, N) signed inputs. Returns counts (reps, P)."""
    reps, p, _ = z.shape
    # Gram rows of every repetition stacked as one (reps*P, P) table, pre-scaled by 1/N:
    # row base[r] + nu is C_r[nu] / N.
    table = (np.matmul(z, z.transpose(0, 2, 1)) / n).reshape(reps * p, p)
    base = np.arange(reps, dtype=np.intp) * p
    e = np.zeros((reps, p))
    nu = np.empty(reps, dtype=np.intp)
    rows = np.empty((reps, p))
    chosen = np.empty((steps, reps), dtype=np.intp)  # flat row index picked at each step
    # bound methods: np.argmin/np.take go through a Python-level wrapper (about 1 us per call)
    argmin, take, add = e.argmin, table.take, np.add
    for t in range(steps):
        argmin(1, nu)  # nu[r] = argmin_mu e[r, mu] (the first of equal ones)
        idx = chosen[t]
        add(base, nu, out=idx)
        take(idx, 0, rows, "clip")  # rows[r] = C_r[nu[r]] / N; "clip": out= is not buffered
        add(e, rows, out=e)
    counts = np.bincount(chosen.ravel(), minlength=reps * p).reshape(reps, p)
    return counts.astype(np.float64)


def minover_per_rep(z, steps, n):
    """MinOver one repetition at a time (same arithmetic as the batched variant)."""
    reps, p, _ = z.shape
    counts = np.empty((reps, p))
    for r in range(reps):
        c = (z[r] @ z[r].T) / n
        e = np.zeros(p)
        chosen = np.empty(steps, dtype=np.intp)
        for t in range(steps):
            k = e.argmin()
            chosen[t] = k
            e += c[k]
        counts[r] = np.bincount(chosen, minlength=p)
    return counts


def measures(teachers, z, counts, n):
    """eps_g, kappa, training error and updates per repetition, from w = Z^T x / N."""
    w = np.einsum("rpn,rp->rn", z, counts) / n
    e = np.einsum("rpn,rn->rp", z, w)
    wn = np.linalg.norm(w, axis=1)
    tn = np.linalg.norm(teachers, axis=1)
    r = np.einsum("rn,rn->r", w, teachers) / (wn * tn)
    eps_g = np.arccos(np.clip(r, -1.0, 1.0)) / np.pi
    kappa = e.min(axis=1) / wn
    train_error = (e <= 0.0).mean(axis=1)
    updates = counts.sum(axis=1)
    return eps_g, kappa, train_error, updates


def sem(v):
    return float(v.std(ddof=1) / math.sqrt(v.size)) if v.size > 1 else float("nan")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20, help="input dimension N (default 20)")
    ap.add_argument("--alpha", default="0.1:10:100", help="start:stop:count, inclusive, or a comma list (default 0.1:10:100)")
    ap.add_argument("--reps", type=int, default=100, help="repetitions n_D per alpha (default 100)")
    ap.add_argument("--epochs", type=int, default=100, help="MinOver steps in units of P (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="seed of numpy.random.default_rng (default 1)")
    ap.add_argument("--csv", help="write the per-alpha results to this CSV file")
    ap.add_argument("--quick", action="store_true", help="smoke run: 5 repetitions, at most 10 alpha values")
    ap.add_argument("--variant", choices=["batched", "per-rep"], default="batched",
                    help="batched over the repetitions of one alpha (default, faster) or one at a time")
    ap.add_argument("--max-alphas", type=int, default=None,
                    help="run only the first K alpha values of the grid (a partial run)")
    ap.add_argument("--progress", action="store_true", help="one line per alpha on stderr")
    args = ap.parse_args(argv)

    if args.n < 1 or args.reps < 1 or args.epochs < 1:
        raise SystemExit("--n, --reps and --epochs must be at least 1")
    reps = 5 if args.quick else args.reps
    alphas = parse_alpha(args.alpha, args.quick)
    planned_steps = sum(reps * args.epochs * examples(a, args.n) for a in alphas)
    if args.max_alphas is not None:
        if args.max_alphas < 1:
            raise SystemExit("--max-alphas must be at least 1")
        alphas = alphas[: args.max_alphas]
    n = args.n
    train = minover_batched if args.variant == "batched" else minover_per_rep

    total_steps = sum(reps * args.epochs * examples(a, n) for a in alphas)
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}, variant {args.variant}")
    print(f"N = {n}, {len(alphas)} alpha values in [{alphas[0]:g}, {alphas[-1]:g}], "
          f"{reps} repetitions, {args.epochs} epochs, seed {args.seed}")
    print(f"total MinOver steps = sum_alpha reps * epochs * P = {total_steps} ({total_steps:.3e})"
          + ("" if total_steps == planned_steps else f" of the full grid's {planned_steps} ({planned_steps:.3e})"))
    sys.stdout.flush()

    rows = []
    done = 0
    start = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    for alpha in alphas:
        p = examples(alpha, n)
        steps = args.epochs * p
        teachers, xi, labels = draw(rng, reps, n, p)
        z = xi * labels[:, :, None]
        counts = train(z, steps, n)
        eps_g, kappa, train_error, updates = measures(teachers, z, counts, n)
        rows.append((p, alpha, eps_g, kappa, train_error, updates))
        done += reps * steps
        if args.progress:
            el = time.perf_counter() - start
            print(f"  alpha {alpha:6.3f}  P {p:4d}  eps_g {eps_g.mean():.4f}  "
                  f"steps done {done:>11d}  {el:8.2f} s  {done / el:.3e} steps/s",
                  file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start

    print(f"{'alpha':>7} {'P':>5} {'eps_g':>8} {'+-sem':>8} {'kappa':>9} {'+-sem':>8} {'train_err':>9}")
    show = {0, len(rows) - 1} | {int(np.argmin(np.abs(alphas - a))) for a in (1.0, 2.0, 5.0, 10.0)}
    for i in sorted(show):
        p, alpha, eps_g, kappa, te, _ = rows[i]
        print(f"{alpha:7.3f} {p:5d} {eps_g.mean():8.4f} {sem(eps_g):8.4f} "
              f"{kappa.mean():9.4f} {sem(kappa):8.4f} {te.mean():9.4f}")
    print(f"wall time {elapsed:.2f} s for {done} MinOver steps: {done / elapsed:.4e} steps/s "
          f"({1e9 * elapsed / done:.1f} ns/step)")

    if args.csv:
        with open(args.csv, "w", encoding="utf-8") as f:
            f.write(CSV_HEADER + "\n")
            for p, alpha, eps_g, kappa, te, updates in rows:
                cols = ["minover", n, p, fmt(alpha), reps, fmt(eps_g.mean()), fmt(sem(eps_g)),
                        fmt(kappa.mean()), fmt(sem(kappa)), fmt(te.mean()), fmt(updates.mean())]
                f.write(",".join(map(str, cols)) + "\n")
        print(f"wrote {args.csv}")


if __name__ == "__main__":
    main()
