"""Perceptron Lab's Rust core in Python: numpy arrays in and out.

The functions here convert arguments and results; every number comes from the core
(``perceptron_lab._core``, built from the same crate as the page and the CLI), every
refusal is the core's message as a ``ValueError``. The GIL is released while the core
computes. See docs/python.md.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from typing import Optional

import numpy as np

from . import _core
from ._sweep import learning_curve, sweep_params

__all__ = [
    "TrainResult",
    "algorithms",
    "count",
    "exact",
    "learning_curve",
    "random_set",
    "settings",
    "sweep_params",
    "teacher_set",
    "theory",
    "train",
]


def algorithms() -> list[str]:
    """The catalogue's algorithm names (as the page and the CLI spell them)."""
    return list(_core.algorithm_names())


def _set(n, p, seed, noise, labels, rep):
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 1:
        raise ValueError(f"P must be a whole number in [1, ∞), got {p!r}")
    if not isinstance(rep, (int, np.integer)) or rep < 0:
        raise ValueError(f"rep must be a whole number in [0, ∞), got {rep!r}")
    params = sweep_params(
        ["exact"], n, [p / n] if n else [1.0], rep + 1, seed=seed, noise=noise, labels=labels
    )
    xs, dim, ys, teacher = _core.cell_set(params, int(rep))
    return xs.reshape(-1, dim), ys, teacher


def teacher_set(n: int, p: int, seed: int, noise: float = 0.0, rep: int = 0):
    """``(X, y, teacher)``: ``P`` inputs ``ξ ~ N(0, 1)^N`` labelled by a random teacher ``w*``
    (each label flipped with probability ``noise``).

    The set is repetition ``rep`` of the one α = P/N of a learning-curve sweep with this
    seed: the very set ``perceptron-lab sets --n N --alpha P/N --reps rep+1 --seed seed``
    writes and ``perceptron-lab curve`` trains on.
    """
    return _set(n, p, seed, noise, "teacher", rep)


def random_set(n: int, p: int, seed: int, rep: int = 0):
    """``(X, y, None)``: ``P`` inputs with labels ±1 at random (the storage problem), as
    ``perceptron-lab sets --labels random`` writes them for the same seed."""
    x, y, _ = _set(n, p, seed, 0.0, "random", rep)
    return x, y, None


def _data(X, y):
    """``X`` (P × N) and ``y`` (P) as the core takes them: flat, row-major, float64."""
    x = np.ascontiguousarray(np.asarray(X, dtype=np.float64))
    if x.ndim != 2:
        raise ValueError(f"X must be a 2-D array (P × N), got {x.ndim} dimension(s)")
    labels = np.ascontiguousarray(np.asarray(y, dtype=np.float64))
    if labels.ndim != 1:
        raise ValueError(f"y must be a 1-D array of P labels, got {labels.ndim} dimension(s)")
    return x.reshape(-1), x.shape[1], labels


_CAMEL = re.compile(r"_([a-z])")


def _setting_key(name: str) -> str:
    """A keyword as the page's settings spell it: ``max_epochs`` → ``maxEpochs``."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


@dataclass(frozen=True)
class TrainResult:
    """A rule's run to its stop: ``w``, ``theta`` (decision ``sign(w·x − θ)``), ``kappa``
    (the stability ``min_μ y_μ (w·x_μ − θ)/|w|``), whether its own criterion was met, why it
    stopped, its updates, steps and epochs, its training errors and, for MinOver and
    AdaTron, the certified upper bound on the maximal stability."""

    w: np.ndarray
    theta: float
    kappa: float
    converged: bool
    stop: Optional[str]
    updates: int
    steps: int
    epochs: float
    errors: int
    kappa_upper: Optional[float]


def settings():
    """The run settings' table, as ``perceptron-lab list settings`` prints it: a pandas
    DataFrame with the columns ``key, type, default, min, max, rules, help``."""
    import pandas as pd

    return pd.read_csv(io.StringIO(_core.settings_table()), dtype=str, keep_default_na=False)


# The settings table's keys (``perceptron-lab list settings``): ``train`` with these is the
# CLI's ``train`` with the same flags.
_TABLE_KEYS = frozenset(["epochs", "updates", "init", "eta", "gamma", "margin", "order", "seed"])


def _table_value(key, value):
    """A keyword's value as the table's JSON takes it: numbers as floats (the core checks the
    range and whether a whole number is whole), ``init`` a list, ``order`` a name."""
    if key == "order":
        if not isinstance(value, str):
            raise ValueError(f"order must be cyclic or random, got {value!r}")
        return value
    if key == "init":
        return [_number(key, v) for v in np.asarray(value, dtype=object).reshape(-1)]
    return _number(key, value)


def _number(key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{key} must be a number, got {value!r}")
    v = float(value)
    if not np.isfinite(v):  # JSON has no NaN: said here, as the CLI's flags say it
        raise ValueError(f"{key} must be a finite number, got {value!r}")
    return v


def train(algorithm: str, X, y, threshold: bool = False, **settings) -> TrainResult:
    """Trains ``algorithm`` on ``(X, y)`` (labels ±1 or 0/1, not both) to its stop.

    ``settings`` are either the settings table's (``perceptron_lab.settings()``: ``epochs``,
    ``updates``, ``init``, ``eta``, ``gamma``, ``margin``, ``order``, ``seed``), checked and
    run as the CLI's ``train`` runs its flags, or the page's (``maxEpochs``,
    ``maxEpochsOptimal``, ``gapTolerance``, ``learningRate``, ``seed``, …; ``max_epochs``
    spelled the Python way is the same key), checked by the core as the page's are; not both.
    ``gamma`` and ``seed`` alone, or no settings: the page's run.
    """
    xs, dim, ys = _data(X, y)
    # gamma and seed are keys of both; any other table key chooses the table's run
    if any(k in _TABLE_KEYS - {"gamma", "seed"} for k in settings):
        page = sorted(k for k in settings if k not in _TABLE_KEYS)
        if page:
            raise ValueError(
                f"give either the settings table's keys ({', '.join(sorted(_TABLE_KEYS))}) or "
                f"the page's, not both: {', '.join(page)} are the page's"
            )
        given = {k: _table_value(k, v) for k, v in settings.items()}
        d = _core.train_given(str(algorithm), xs, dim, ys, bool(threshold), json.dumps(given))
        return TrainResult(**d)
    keyed = {_setting_key(k): v for k, v in settings.items()}
    d = _core.train(str(algorithm), xs, dim, ys, bool(threshold), json.dumps(keyed))
    return TrainResult(**d)


def exact(X, y, threshold: bool = False) -> dict:
    """The exact perceptron of maximal stability: ``{separable, w, theta, kappa, support,
    embedding}`` (``w`` and ``theta`` are ``None`` when the set is not separable)."""
    xs, dim, ys = _data(X, y)
    return _core.exact(xs, dim, ys, bool(threshold))


def count(X, y=None, threshold: bool = False) -> dict:
    """The number of linearly separable labellings of the inputs ``X`` against Cover's
    ``C(P, N)``: ``{separable, total, cover, generalPosition, degeneracies, method,
    stdError, p, coverN}``, the numbers of the CLI's ``count`` (``y`` is not used; the labels
    do not change the count)."""
    x = np.asarray(X, dtype=np.float64)
    labels = np.ones(x.shape[0] if x.ndim == 2 else 0) if y is None else y
    xs, dim, ys = _data(x, labels)
    return json.loads(_core.count(xs, dim, ys, bool(threshold)))


def theory(curve: str, alpha, n: Optional[int] = None) -> np.ndarray:
    """The theory curve ``curve`` (the catalogue's name, as ``perceptron-lab theory
    --curve``) at each ``alpha``; ``n`` for the curves of finite N (Cover's)."""
    alphas = np.atleast_1d(np.asarray(alpha, dtype=np.float64))
    return _core.theory(str(curve), [float(a) for a in alphas.reshape(-1)], n)
