"""scikit-learn estimators over the core's rules: binary linear classifiers with ``fit``,
``predict``, ``decision_function``, ``coef_``, ``intercept_``, ``stability_`` (the stability κ
of the fit on its training set) and ``converged_``.

The decision is ``w·x − θ`` (``coef_ = [w]``, ``intercept_ = [−θ]``); ``fit_intercept=False``
trains through the origin. Each estimator's parameters are the page's settings of its rule
(``perceptron_lab.train``). ``expected_failed_checks(estimator)`` names the scikit-learn checks
that cannot apply, with the reason, for ``parametrize_with_checks`` and ``check_estimator``.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from . import exact as _exact
from . import train as _train

__all__ = [
    "AdaTron",
    "Adaline",
    "MaxStability",
    "MinOver",
    "Pocket",
    "Rosenblatt",
    "SoftMargin",
    "expected_failed_checks",
]


class _Perceptron(ClassifierMixin, BaseEstimator):
    """A binary linear classifier trained by one of the core's rules (``_algorithm``)."""

    _algorithm = ""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags

    def _settings(self) -> dict:
        """The page's settings of this rule: every parameter but ``fit_intercept``."""
        return {k: v for k, v in self.get_params().items() if k != "fit_intercept" and v is not None}

    def fit(self, X, y):
        """Trains the rule on ``X`` (n_samples × n_features) and the two classes of ``y``."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        if len(self.classes_) == 1:
            raise ValueError(
                f"y has 1 class ({self.classes_[0]!r}): a perceptron separates two classes"
            )
        if len(self.classes_) != 2:
            raise ValueError(
                "Only binary classification is supported: a perceptron separates two classes; "
                f"y has {len(self.classes_)}: {self.classes_.tolist()[:5]}"
            )
        signs = np.where(y == self.classes_[1], 1.0, -1.0)
        w, theta = self._fit(X, signs)
        self.coef_ = np.asarray(w, dtype=np.float64).reshape(1, -1)
        self.intercept_ = np.array([-float(theta)])
        return self

    def _fit(self, X, signs):
        r = _train(self._algorithm, X, signs, threshold=self.fit_intercept, **self._settings())
        self.stability_ = r.kappa
        self.converged_ = r.converged
        self.n_iter_ = r.epochs
        return r.w, r.theta

    def decision_function(self, X):
        """``w·x − θ`` of each row of ``X``; positive for ``classes_[1]``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict(self, X):
        """The class of each row of ``X``: ``classes_[1]`` where the decision is positive."""
        check_is_fitted(self)
        return self.classes_[(self.decision_function(X) > 0).astype(int)]


class Rosenblatt(_Perceptron):
    """Rosenblatt's perceptron rule, cyclic, to no errors or ``max_epochs`` epochs."""

    _algorithm = "rosenblatt"

    def __init__(self, fit_intercept=True, max_epochs=None, seed=None):
        self.fit_intercept = fit_intercept
        self.max_epochs = max_epochs
        self.seed = seed


class MinOver(_Perceptron):
    """MinOver (Krauth & Mézard): updates on the least stable example; stops at a certified
    relative gap ``gap_tolerance`` to the maximal stability or ``max_epochs_optimal`` epochs."""

    _algorithm = "minover"

    def __init__(self, fit_intercept=True, gap_tolerance=None, max_epochs_optimal=None):
        self.fit_intercept = fit_intercept
        self.gap_tolerance = gap_tolerance
        self.max_epochs_optimal = max_epochs_optimal


class AdaTron(_Perceptron):
    """AdaTron: coordinate ascent on the embedding strengths to the perceptron of maximal
    stability (certified relative gap ``gap_tolerance``)."""

    _algorithm = "adatron"

    def __init__(
        self, fit_intercept=True, gap_tolerance=None, learning_rate=None, max_epochs_optimal=None
    ):
        self.fit_intercept = fit_intercept
        self.gap_tolerance = gap_tolerance
        self.learning_rate = learning_rate
        self.max_epochs_optimal = max_epochs_optimal


class SoftMargin(_Perceptron):
    """The soft-margin perceptron: ``min |w|²/2 + γ Σ β^μ`` (``gamma``), by AdaTron with
    bounded embedding strengths."""

    _algorithm = "soft-margin"

    def __init__(self, fit_intercept=True, gamma=None, kkt_tolerance=None, max_epochs_optimal=None):
        self.fit_intercept = fit_intercept
        self.gamma = gamma
        self.kkt_tolerance = kkt_tolerance
        self.max_epochs_optimal = max_epochs_optimal


class Adaline(_Perceptron):
    """Sequential Adaline (LMS) to a stationary point of the squared error."""

    _algorithm = "adaline"

    def __init__(self, fit_intercept=True, learning_rate=None, gradient_tolerance=None):
        self.fit_intercept = fit_intercept
        self.learning_rate = learning_rate
        self.gradient_tolerance = gradient_tolerance


class Pocket(_Perceptron):
    """Gallant's pocket algorithm with ratchet: the fewest training errors seen."""

    _algorithm = "pocket"

    def __init__(self, fit_intercept=True, seed=None):
        self.fit_intercept = fit_intercept
        self.seed = seed


class MaxStability(_Perceptron):
    """The exact perceptron of maximal stability (not a training rule: the core's exact
    optimum). On data that are not linearly separable there is none, and ``fit`` says so."""

    _algorithm = "exact"

    def __init__(self, fit_intercept=True):
        self.fit_intercept = fit_intercept

    def _fit(self, X, signs):
        e = _exact(X, signs, threshold=self.fit_intercept)
        if not e["separable"]:
            raise ValueError(
                "the data are not linearly separable"
                + ("" if self.fit_intercept else " through the origin")
                + " (exact test): there is no perceptron of maximal stability; "
                "SoftMargin or Pocket train on such data"
            )
        self.stability_ = e["kappa"]
        self.converged_ = True
        self.n_iter_ = 0
        return e["w"], e["theta"]


# The checks that cannot apply, with their reason: they fit on random data or on blobs that no
# hyperplane separates, where there is no hard-margin optimum to find.
_NOT_SEPARABLE = (
    "the check fits on data that are not linearly separable: there is no perceptron of "
    "maximal stability, and fit says so"
)
_MAX_STABILITY_CHECKS = [
    "check_classifier_data_not_an_array",
    "check_classifiers_train",
    "check_dtype_object",
    "check_estimators_dtypes",
    "check_estimators_nan_inf",
    "check_fit_check_is_fitted",
    "check_fit_idempotent",
    "check_fit_score_takes_y",
    "check_n_features_in",
    "check_n_features_in_after_fitting",
    "check_supervised_y_2d",
]
_HARD_MARGIN = (
    "the check's blobs are not linearly separable: AdaTron's hard margin has no optimum there "
    "and its run ends at the page's epoch limit wherever it is (SoftMargin is the rule for such "
    "data)"
)


def expected_failed_checks(estimator) -> dict[str, str]:
    """The scikit-learn checks ``estimator`` cannot pass, each with its reason (the
    ``expected_failed_checks`` of ``parametrize_with_checks`` and ``check_estimator``)."""
    if isinstance(estimator, MaxStability):
        return dict.fromkeys(_MAX_STABILITY_CHECKS, _NOT_SEPARABLE)
    if isinstance(estimator, AdaTron):
        return {"check_classifiers_train": _HARD_MARGIN}
    return {}
