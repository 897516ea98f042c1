"""The scikit-learn estimators: scikit-learn's own estimator checks, and fits checked against
values computed here."""

import numpy as np
import pytest
from sklearn.utils.estimator_checks import parametrize_with_checks

import perceptron_lab as pl
from perceptron_lab.sklearn import (
    AdaTron,
    Adaline,
    MaxStability,
    MinOver,
    Pocket,
    Rosenblatt,
    SoftMargin,
    expected_failed_checks,
)

ESTIMATORS = [Rosenblatt(), MinOver(), AdaTron(), MaxStability(), Adaline(), Pocket(), SoftMargin()]


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=expected_failed_checks)
def test_sklearn_checks(estimator, check):
    check(estimator)


def test_fit_predict_on_teacher_data_with_string_classes():
    X, y, _ = pl.teacher_set(6, 60, 8)
    labels = np.where(y > 0, "yes", "no")
    for est in [MinOver(fit_intercept=False), MaxStability(fit_intercept=False)]:
        est.fit(X, labels)
        assert list(est.classes_) == ["no", "yes"]
        assert np.array_equal(est.predict(X), labels)
        w = est.coef_[0]
        margin = np.min(y * (X @ w + est.intercept_[0])) / np.linalg.norm(w)
        assert est.stability_ == pytest.approx(margin, rel=1e-9)
        assert est.converged_
    # with a threshold, the maximal stability is at least that through the origin
    assert MaxStability().fit(X, y).stability_ >= est.stability_ - 1e-12


def test_max_stability_says_when_there_is_none():
    X = np.array([[1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    with pytest.raises(ValueError, match="not linearly separable"):
        MaxStability().fit(X, [0, 1, 0])


def test_any_two_classes_are_taken_even_those_the_core_refuses_together():
    """The estimators map ``classes_`` to ±1 themselves: classes −1 and 0, which ``pl.train``
    refuses together (two label conventions), are two classes here, and the fit is the one on
    the same set labelled ±1."""
    X, y, _ = pl.teacher_set(5, 40, 2)
    labels = np.where(y > 0, 0, -1)  # classes_ = [-1, 0]: 0 is the positive class
    with pytest.raises(ValueError, match="mixes the two label conventions"):
        pl.train("minover", X, labels)
    est = MinOver(fit_intercept=False).fit(X, labels)
    assert list(est.classes_) == [-1, 0]
    assert np.array_equal(est.predict(X), labels)
    same = MinOver(fit_intercept=False).fit(X, y)
    assert np.array_equal(est.coef_, same.coef_)
