"""train, exact, count, theory: checked against values computed here by other means (numpy,
scikit-learn's SVC, Cover's formula, the Hebb rule's closed form)."""

import math

import numpy as np
import pytest

import perceptron_lab as pl
from perceptron_lab.sklearn import Pocket, Rosenblatt


def stability(X, y, w, theta=0.0):
    """κ = min_μ y_μ (w·x_μ − θ) / |w|, computed here."""
    return np.min(y * (X @ w - theta)) / np.linalg.norm(w)


@pytest.fixture(scope="module")
def separable():
    return pl.teacher_set(10, 40, 3)[:2]


@pytest.mark.parametrize("algorithm", ["rosenblatt", "minover", "adatron", "pocket", "hebb"])
def test_rules_separate_teacher_data(separable, algorithm):
    X, y = separable
    r = pl.train(algorithm, X, y)
    assert r.w.shape == (10,) and r.theta == 0.0
    margin = stability(X, y, r.w)
    assert r.kappa == pytest.approx(margin, rel=1e-12, abs=1e-15)
    if algorithm != "hebb":
        assert r.converged and r.errors == 0 and margin > 0
        assert r.updates >= 1 and r.epochs > 0 and isinstance(r.stop, str)


def test_minover_and_adatron_reach_the_exact_optimum(separable):
    X, y = separable
    e = pl.exact(X, y)
    assert e["separable"] and e["kappa"] == pytest.approx(stability(X, y, e["w"]), rel=1e-12)
    tol = 1e-4
    for rule in ["minover", "adatron"]:
        r = pl.train(rule, X, y, gapTolerance=tol)
        assert r.converged and r.stop == "gap-reached"
        assert r.kappa_upper >= e["kappa"] - 1e-12  # a certified bound on κ_max
        assert e["kappa"] * (1 - tol) - 1e-12 <= r.kappa <= e["kappa"] + 1e-12


def test_exact_with_threshold_is_the_hard_margin_svm():
    """With a threshold the maximal stability is the hard-margin SVM's margin 1/|w|."""
    from sklearn.svm import SVC

    X, y, _ = pl.teacher_set(3, 30, 12)
    X = X + np.array([0.5, -0.2, 0.1])  # off the origin: the threshold matters
    svm = SVC(kernel="linear", C=1e10, tol=1e-10).fit(X, y)
    e = pl.exact(X, y, threshold=True)
    assert e["kappa"] == pytest.approx(1 / np.linalg.norm(svm.coef_), rel=1e-5)
    assert e["kappa"] == pytest.approx(stability(X, y, e["w"], e["theta"]), rel=1e-10)


def test_settings_are_the_pages_and_checked():
    X, y, _ = pl.teacher_set(5, 300, 4)
    short = pl.train("minover", X, y, maxEpochsOptimal=0.01)
    assert short.stop == "limit" and not short.converged and short.steps <= 3
    same = pl.train("minover", X, y, max_epochs_optimal=0.01)  # the Python spelling
    assert np.array_equal(same.w, short.w)
    with pytest.raises(ValueError, match='unknown setting "maxEpoch"'):
        pl.train("minover", X, y, maxEpoch=3)
    with pytest.raises(ValueError, match="epoch limit must be in"):
        pl.train("rosenblatt", X, y, maxEpochs=0)
    with pytest.raises(ValueError, match="gap tolerance must be in"):
        pl.train("adatron", X, y, gap_tolerance=-1)
    with pytest.raises(ValueError, match="bound γ of the embedding strengths must be in"):
        pl.train("soft-margin", X, y, gamma=0)
    with pytest.raises(ValueError) as e:
        pl.train("pocket", X, y, seed=-1)
    assert str(e.value) == "seed must be a whole number in [0, 18446744073709551615], got -1"
    with pytest.raises(ValueError, match="AdaTron learning rate η must be in"):
        pl.train("adatron", X, y, learningRate=5)


@pytest.mark.parametrize(
    "X, y, message",
    [
        ([[1.0, np.nan], [0.0, 1.0]], [1, -1], "point 0: coordinate 1 is NaN, not a finite number"),
        ([[1.0, 2.0], [0.0, 1.0]], [1, 2], "point 1: label 2 is not one of −1, +1 (or 0, 1)"),
        (
            [[1.0, 2.0], [0.0, 1.0], [2.0, 0.5], [1.0, 1.0]],
            [1, 0, 1, -1],
            "point 3: label -1 mixes the two label conventions: point 1 has label 0, and a set's "
            "labels are either −1, +1 or 0, 1, not both",
        ),
        ([[1.0, 2.0], [0.0, 1.0]], [1, -1, 1], "expected 6 feature values (rows × dim), got 4"),
        ([1.0, 2.0], [1, -1], "X must be a 2-D array (P × N), got 1 dimension(s)"),
    ],
)
def test_bad_data_is_refused_with_the_cores_message(X, y, message):
    for call in [lambda: pl.train("rosenblatt", X, y), lambda: pl.exact(X, y)]:
        with pytest.raises(ValueError) as e:
            call()
        assert message in str(e.value)


SEED_RANGE = "seed must be a whole number in [0, 18446744073709551615], got "


@pytest.mark.parametrize(
    "call",
    [
        lambda X, y, seed: pl.train("pocket", X, y, seed=seed),  # the page's settings
        lambda X, y, seed: pl.train("pocket", X, y, seed=seed, epochs=5),  # the table's
        lambda X, y, seed: pl.train("pocket", X, y, seed=seed, gamma=1),
        lambda X, y, seed: Pocket(seed=seed).fit(X, y),
        lambda X, y, seed: Rosenblatt(seed=seed).fit(X, y),
        lambda X, y, seed: pl.sweep_params("hebb", 5, [1], 2, seed=seed),
    ],
)
@pytest.mark.parametrize("seed, shown", [(-1, "-1"), (1.5, "1.5"), (-0.5, "-0.5")])
def test_a_bad_seed_is_named_with_its_range(call, seed, shown):
    X, y, _ = pl.teacher_set(3, 6, 1)
    with pytest.raises(ValueError) as e:
        call(X, y, seed)
    assert str(e.value) == SEED_RANGE + shown
    call(X, y, 0)  # the range's ends are taken
    call(X, y, 18446744073709551615)


def test_unknown_algorithm():
    with pytest.raises(ValueError, match='unknown algorithm "nope"; expected one of: rosenblatt'):
        pl.train("nope", [[1.0]], [1])
    assert "minover" in pl.algorithms()


def test_count_is_covers_in_general_position():
    """N = 3 inputs in general position through the origin: C(P, N) = 2 Σ_{k<N} C(P−1, k)."""
    X = np.random.default_rng(2).normal(size=(7, 3))
    c = pl.count(X)
    expected = 2 * sum(math.comb(6, k) for k in range(3))
    assert c["separable"] == expected and c["cover"] == expected and c["total"] == 2**7


def test_theory_hebb_closed_form_and_cover_fraction():
    a = np.array([0.5, 1.0, 4.0])
    r = np.sqrt(2 * a / np.pi) / np.sqrt(1 + 2 * a / np.pi)
    assert np.allclose(pl.theory("hebb", a), np.arccos(r) / np.pi, rtol=1e-12)
    n = 5
    frac = [2 * sum(math.comb(p - 1, k) for k in range(n)) / 2**p for p in (5, 10, 15)]
    assert np.allclose(pl.theory("cover-fraction", [1.0, 2.0, 3.0], n=n), frac, rtol=1e-12)
    with pytest.raises(ValueError, match="unknown theory curve"):
        pl.theory("nope", 1.0)
