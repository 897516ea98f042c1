#!/usr/bin/env python3
"""Student-teacher learning curves of MinOver, AdaTron and Rosenblatt in vectorised numpy: the speed
reference for the Rust core (the CLI's `curve` command, whose CSV this script writes).

The experiment: N inputs; for each alpha of an evenly spaced grid, P = max(1, round(alpha N))
examples and n_D repetitions. Each repetition draws a teacher w* ~ Gaussian with |w*|^2 = N, P inputs
xi ~ N(0, 1)^N and labels S = sign(w*.xi) (+1 on ties), and trains from tabula rasa with the rule
chosen by --algorithm, on the signed inputs z^mu = S^mu xi^mu (potentials E^mu = w.z^mu):

  minover     `epochs` * P steps of  nu = argmin_mu E^mu,  w <- w + z^nu / N.
              The potentials are kept incrementally from the Gram matrix C = Z Z^T (O(P) per step,
              no BLAS): E += C[nu] / N; the update counts x^mu are recorded and w = Z^T x / N is
              formed once at the end.
  adatron     sequential sweeps mu = 1..P, 2..: with C_mumu = |z^mu|^2,
              x^mu <- max(0, x^mu + (1 - E^mu) / C_mumu),  w <- w + (x^mu_new - x^mu_old) z^mu
              (w kept, O(N) per step). Before every sweep but the first, a repetition stops when its
              certified relative gap (|w|/sum x - kappa(w)) / (|w|/sum x) <= --gap-tolerance
              (default 0, the CLI's `--stop epochs`: in practice all `epochs` sweeps run).
              Updates: steps with x^mu_new != x^mu_old.
  rosenblatt  cyclic sweeps mu = 1..P: if E^mu <= 0 then w <- w + z^mu / N; a repetition stops
              after a sweep without an update, or after `epochs` sweeps. Updates: steps that moved w.

These are the Rust core's rules with its stopping rules for `curve --stop epochs` (src/experiment/params.rs,
src/train/{minover/mod,adatron,rosenblatt}.rs). The random numbers differ (numpy's generator), so the two
agree statistically, not bit for bit.

Measured per repetition: eps_g = arccos(R)/pi with R = w.w*/(|w||w*|), kappa(w) = min_mu E^mu/|w|,
the training error (fraction of E^mu <= 0), the number of updates. Per alpha: means, standard errors.

Vectorisation: all n_D repetitions of one alpha advance together (--variant batched, the default),
so every numpy call works on a (n_D, P) or (n_D, N) array and Python's per-call cost is paid once
per step for all repetitions; repetitions that have stopped are dropped from the working arrays at
the end of a sweep. MinOver's batched Gram table holds n_D P^2 numbers; above --table-mib it is
built and run for groups of repetitions in turn (the same arithmetic per repetition).
MinOver also has --variant per-rep (one repetition at a time: `nu = E.argmin(); E += C[nu]`), which
gives bit-identical results; on N = 20, alpha = 0.1:10:100, 100 repetitions (1.01e8 steps, 2-core
AMD EPYC VM) the batched variant took 14-16 s, the per-rep one 113-120 s.

Usage (bench/run-numpy.sh runs it in a venv with the pinned numpy):
  python3 numpy_curves.py --algorithm adatron --n 20 --alpha 0.25:10:40 --reps 40 --epochs 100 --seed 1 [--csv out.csv]
  python3 numpy_curves.py --quick          # MinOver, 5 repetitions, 10 alpha values: a smoke run
"""

import argparse
import math
import sys
import time

import numpy as np

ALGORITHMS = ("minover", "adatron", "rosenblatt")

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


def minover_batched(z, epochs, n, table_mib=256):
    """MinOver on all repetitions at once. z: (reps, P, N) signed inputs. Returns (w, updates)."""
    reps, p, _ = z.shape
    group = max(1, min(reps, (table_mib << 20) // (8 * p * p)))
    counts = np.concatenate([minover_counts(z[g:g + group], epochs * p, n)
                             for g in range(0, reps, group)])
    return np.einsum("rpn,rp->rn", z, counts) / n, counts.sum(axis=1)


def minover_counts(z, steps, n):
    """MinOver's update counts x^mu (reps, P) after `steps` steps, all repetitions of z at once."""
    reps, p, _ = z.shape
    # Gram rows of every repetition stacked as one (reps*P, P) table, pre-scaled by 1/N:
    # row base[r] + nu is C_r[nu] / N.
    table = (np.matmul(z, z.transpose(0, 2, 1)) / n).reshape(reps * p, p)
    base = np.arange(reps, dtype=np.intp) * p
    e = np.zeros((reps, p))
    nu = np.empty(reps, dtype=np.intp)
    rows = np.empty((reps, p))
    chosen = np.empty((steps, reps), dtype=np.intp)  # flat row index picked at each step
    # bound methods: np.argmin/np.take go through a Python-level wrapper, a fixed cost on every
    # call of this loop
    argmin, take, add = e.argmin, table.take, np.add
    for t in range(steps):
        argmin(1, nu)  # nu[r] = argmin_mu e[r, mu] (the first of equal ones)
        idx = chosen[t]
        add(base, nu, out=idx)
        take(idx, 0, rows, "clip")  # rows[r] = C_r[nu[r]] / N; "clip": out= is not buffered
        add(e, rows, out=e)
    counts = np.bincount(chosen.ravel(), minlength=reps * p).reshape(reps, p)
    return counts.astype(np.float64)


def minover_per_rep(z, epochs, n):
    """MinOver one repetition at a time (same arithmetic as the batched variant)."""
    reps, p, _ = z.shape
    counts = np.empty((reps, p))
    for r in range(reps):
        c = (z[r] @ z[r].T) / n
        e = np.zeros(p)
        chosen = np.empty(epochs * p, dtype=np.intp)
        for t in range(epochs * p):
            k = e.argmin()
            chosen[t] = k
            e += c[k]
        counts[r] = np.bincount(chosen, minlength=p)
    return np.einsum("rpn,rp->rn", z, counts) / n, counts.sum(axis=1)


class Active:
    """The repetitions still running. The working arrays of a trainer hold only those; `retire`
    writes the finished ones' results into the full-size outputs `w`, `updates`."""

    def __init__(self, reps, n):
        self.index = np.arange(reps)
        self.w = np.zeros((reps, n))
        self.updates = np.zeros(reps)

    def retire(self, done, w, updates):
        """Stores rows `done` (bool over the running repetitions) of w, updates; returns the mask
        of those that keep running, for the caller to cut its working arrays down."""
        self.w[self.index[done]] = w[done]
        self.updates[self.index[done]] = updates[done]
        keep = ~done
        self.index = self.index[keep]
        return keep


def adatron_batched(z, epochs, n, gap_tolerance=0.0):
    """AdaTron (sequential sweeps, w kept) on all repetitions at once. Returns (w, updates)."""
    reps, p, _ = z.shape
    out = Active(reps, n)
    zt = np.ascontiguousarray(z.transpose(1, 0, 2))  # (P, reps, N): zt[mu] contiguous
    c = np.einsum("prn,prn->pr", zt, zt)  # C_mumu per repetition, (P, reps)
    w = np.zeros((reps, n))
    x = np.zeros((p, reps))
    dx = np.empty((p, reps))  # this sweep's changes of x, counted once per sweep
    updates = np.zeros(reps)
    e = np.empty(reps)
    vecdot, subtract, divide, add, maximum, multiply = (
        np.vecdot, np.subtract, np.divide, np.add, np.maximum, np.multiply)
    for sweep in range(epochs):
        if sweep > 0:
            # the Rust rule: at the start of every sweep but the first, stop on a small certified gap
            with np.errstate(invalid="ignore", divide="ignore"):
                wn = np.linalg.norm(w, axis=1)
                kappa = np.einsum("prn,rn->pr", zt, w).min(axis=0) / wn
                upper = wn / x.sum(axis=0)
                gap = np.where(np.isfinite(upper) & (upper > 0), (upper - kappa) / upper, np.inf)
            done = gap <= gap_tolerance
            if done.any():
                keep = out.retire(done, w, updates)
                w, updates, c, x, dx = w[keep], updates[keep], c[:, keep], x[:, keep], dx[:, keep]
                zt = np.ascontiguousarray(zt[:, keep])
                e = np.empty(w.shape[0])
                if w.shape[0] == 0:
                    break
        step = np.empty_like(w)
        for mu in range(p):
            zm, xm, dm = zt[mu], x[mu], dx[mu]
            vecdot(w, zm, out=e)  # E^mu per repetition
            subtract(1.0, e, out=e)
            divide(e, c[mu], out=e)
            add(e, xm, out=e)
            maximum(e, 0.0, out=e)  # the new x^mu
            subtract(e, xm, out=dm)
            xm[...] = e
            multiply(dm[:, None], zm, out=step)
            add(w, step, out=w)
        updates += np.count_nonzero(dx, axis=0)
    if w.shape[0]:
        out.retire(np.ones(w.shape[0], dtype=bool), w, updates)
    return out.w, out.updates


def rosenblatt_batched(z, epochs, n):
    """Rosenblatt (cyclic order) on all repetitions at once, each until an error-free sweep or
    `epochs` sweeps. Returns (w, updates)."""
    reps, p, _ = z.shape
    out = Active(reps, n)
    eta = 1.0 / n
    zt = np.ascontiguousarray(z.transpose(1, 0, 2)) * eta  # (P, reps, N): z^mu / N, contiguous
    w = np.zeros((reps, n))
    updates = np.zeros(reps)
    e = np.empty(reps)
    wrong = np.empty(reps, dtype=bool)
    vecdot, less_equal, add = np.vecdot, np.less_equal, np.add
    for sweep in range(epochs):
        in_sweep = np.zeros(w.shape[0])
        mask = wrong[:, None]
        for mu in range(p):
            zm = zt[mu]
            vecdot(w, zm, out=e)  # E^mu / N (same sign as E^mu)
            less_equal(e, 0.0, out=wrong)
            add(w, zm, out=w, where=mask)  # w <- w + z^mu / N where E^mu <= 0
            add(in_sweep, wrong, out=in_sweep)
        updates += in_sweep
        done = (in_sweep == 0) | (sweep + 1 >= epochs)
        if done.any():
            keep = out.retire(done, w, updates)
            w, updates, zt = w[keep], updates[keep], np.ascontiguousarray(zt[:, keep])
            if w.shape[0] == 0:
                break
            e, wrong = np.empty(w.shape[0]), np.empty(w.shape[0], dtype=bool)
    return out.w, out.updates


def measures(teachers, z, w, updates):
    """eps_g, kappa, training error and updates per repetition, for weights w (reps, N)."""
    e = np.einsum("rpn,rn->rp", z, w)
    wn = np.linalg.norm(w, axis=1)
    tn = np.linalg.norm(teachers, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.einsum("rn,rn->r", w, teachers) / (wn * tn)
        eps_g = np.arccos(np.clip(r, -1.0, 1.0)) / np.pi
        kappa = e.min(axis=1) / wn
    train_error = (e <= 0.0).mean(axis=1)
    return eps_g, kappa, train_error, updates


def sem(v):
    """Standard error of the mean s/sqrt(n) of the finite values (NaN for fewer than two)."""
    v = v[~np.isnan(v)]
    return float(v.std(ddof=1) / math.sqrt(v.size)) if v.size > 1 else float("nan")


def mean(v):
    """Mean of the finite values (NaN if none), as the Rust summary skips NaN."""
    v = v[~np.isnan(v)]
    return float(v.mean()) if v.size else float("nan")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--algorithm", choices=ALGORITHMS, default="minover", help="the rule (default minover)")
    ap.add_argument("--n", type=int, default=20, help="input dimension N (default 20)")
    ap.add_argument("--alpha", default="0.1:10:100", help="start:stop:count, inclusive, or a comma list (default 0.1:10:100)")
    ap.add_argument("--reps", type=int, default=100, help="repetitions n_D per alpha (default 100)")
    ap.add_argument("--epochs", type=int, default=100, help="epoch limit: MinOver steps / AdaTron and Rosenblatt sweeps, in units of P (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="seed of numpy.random.default_rng (default 1)")
    ap.add_argument("--gap-tolerance", type=float, default=0.0, help="AdaTron: stop at this certified relative gap (default 0)")
    ap.add_argument("--csv", help="write the per-alpha results to this CSV file")
    ap.add_argument("--quick", action="store_true", help="smoke run: 5 repetitions, at most 10 alpha values")
    ap.add_argument("--variant", choices=["batched", "per-rep"], default="batched",
                    help="batched over the repetitions of one alpha (default, faster) or one at a time (MinOver only)")
    ap.add_argument("--table-mib", type=int, default=256, help="MinOver batched: largest Gram table in MiB (default 256)")
    ap.add_argument("--max-alphas", type=int, default=None,
                    help="run only the first K alpha values of the grid (a partial run)")
    ap.add_argument("--progress", action="store_true", help="one line per alpha on stderr")
    args = ap.parse_args(argv)

    if args.n < 1 or args.reps < 1 or args.epochs < 1:
        raise SystemExit("--n, --reps and --epochs must be at least 1")
    if args.variant == "per-rep" and args.algorithm != "minover":
        raise SystemExit("--variant per-rep exists for MinOver only")
    reps = 5 if args.quick else args.reps
    alphas = parse_alpha(args.alpha, args.quick)
    planned_steps = sum(reps * args.epochs * examples(a, args.n) for a in alphas)
    if args.max_alphas is not None:
        if args.max_alphas < 1:
            raise SystemExit("--max-alphas must be at least 1")
        alphas = alphas[: args.max_alphas]
    n = args.n
    train = {
        ("minover", "batched"): lambda z: minover_batched(z, args.epochs, n, args.table_mib),
        ("minover", "per-rep"): lambda z: minover_per_rep(z, args.epochs, n),
        ("adatron", "batched"): lambda z: adatron_batched(z, args.epochs, n, args.gap_tolerance),
        ("rosenblatt", "batched"): lambda z: rosenblatt_batched(z, args.epochs, n),
    }[(args.algorithm, args.variant)]

    total_steps = sum(reps * args.epochs * examples(a, n) for a in alphas)
    limit = "" if args.algorithm == "minover" else "at most "
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}, {args.algorithm}, variant {args.variant}")
    print(f"N = {n}, {len(alphas)} alpha values in [{alphas[0]:g}, {alphas[-1]:g}], "
          f"{reps} repetitions, {args.epochs} epochs, seed {args.seed}")
    print(f"steps = sum_alpha reps * epochs * P = {limit}{total_steps} ({total_steps:.3e})"
          + ("" if total_steps == planned_steps else f" of the full grid's {planned_steps} ({planned_steps:.3e})"))
    sys.stdout.flush()

    rows = []
    start = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    for alpha in alphas:
        p = examples(alpha, n)
        teachers, xi, labels = draw(rng, reps, n, p)
        z = xi * labels[:, :, None]
        w, updates = train(z)
        eps_g, kappa, train_error, updates = measures(teachers, z, w, updates)
        rows.append((p, alpha, eps_g, kappa, train_error, updates))
        if args.progress:
            print(f"  alpha {alpha:6.3f}  P {p:4d}  eps_g {mean(eps_g):.4f}  "
                  f"{time.perf_counter() - start:8.2f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start

    print(f"{'alpha':>7} {'P':>5} {'eps_g':>8} {'+-sem':>8} {'kappa':>9} {'+-sem':>8} {'train_err':>9} {'updates':>9}")
    show = {0, len(rows) - 1} | {int(np.argmin(np.abs(alphas - a))) for a in (1.0, 2.0, 5.0, 10.0)}
    for i in sorted(show):
        p, alpha, eps_g, kappa, te, upd = rows[i]
        print(f"{alpha:7.3f} {p:5d} {mean(eps_g):8.4f} {sem(eps_g):8.4f} "
              f"{mean(kappa):9.4f} {sem(kappa):8.4f} {mean(te):9.4f} {mean(upd):9.1f}")
    print(f"wall time {elapsed:.2f} s (data, training and measures)")

    if args.csv:
        with open(args.csv, "w", encoding="utf-8") as f:
            f.write(CSV_HEADER + "\n")
            for p, alpha, eps_g, kappa, te, updates in rows:
                cols = [args.algorithm, n, p, fmt(alpha), reps, fmt(mean(eps_g)), fmt(sem(eps_g)),
                        fmt(mean(kappa)), fmt(sem(kappa)), fmt(mean(te)), fmt(mean(updates))]
                f.write(",".join(map(str, cols)) + "\n")
        print(f"wrote {args.csv}")


if __name__ == "__main__":
    main()
