"""examples/python-minover.ipynb runs: its code cells executed in order in one namespace, as a
kernel would run them (without Jupyter), with ``PERCEPTRON_LAB_QUICK=1`` for its small sweep
(matplotlib with the Agg backend if it is installed; the notebook plots only then). Its results
are checked: the student's numpy MinOver is the package's on the same sets, the sweeps are the
CLI's ``curve`` for the same arguments, and ε_g falls with α and with the budget."""

import json

import numpy as np
import pytest
from conftest import ROOT, assert_frames_equal, cli_curve

NOTEBOOK = ROOT / "examples" / "python-minover.ipynb"


@pytest.fixture(scope="module")
def notebook():
    """The namespace after the last code cell."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PERCEPTRON_LAB_QUICK", "1")
        mp.setenv("MPLBACKEND", "Agg")  # no window, if matplotlib is installed
        cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
        namespace = {"__name__": "__main__"}
        code = [c for c in cells if c["cell_type"] == "code"]
        assert len(code) >= 4
        for i, cell in enumerate(code, 1):
            exec(compile("".join(cell["source"]), f"{NOTEBOOK.name}, code cell {i}", "exec"),
                 namespace)
    return namespace


def test_the_students_minover_is_the_packages(notebook):
    rows = notebook["rows"]
    assert [a for a, *_ in rows] == [0.5, 2.0, 5.0]
    for a, mine, theirs, angle in rows:
        assert mine == pytest.approx(theirs, rel=1e-9), a
        # arccos at rounding level: 1 − cos < 1e-15 reads as an angle near 2e-8
        assert angle < 1e-6, a
        assert 0 < mine < 0.5, a


def test_the_sweeps_are_the_clis_curve(notebook, cli):
    n, reps, seed, alpha = (notebook[k] for k in ("N", "REPS", "SEED", "alpha"))
    assert (n, seed) == (20, 1) and reps < 100 and len(alpha) < 100, "the quick sweep"
    grid = ",".join(repr(float(a)) for a in alpha)
    for t in (20, 5000):
        expected = cli_curve("--algorithm", "minover", "--n", str(n), "--alpha", grid,
                             "--reps", str(reps), "--updates", str(t), "--seed", str(seed))
        assert_frames_equal(notebook["curves"][t], expected)


def test_eps_g_falls_with_alpha_and_with_the_budget(notebook):
    curves = notebook["curves"]
    assert sorted(curves) == [20, 100, 5000]
    for t, df in curves.items():
        eps = df.eps_g_mean.to_numpy()
        assert np.all(np.isfinite(eps)) and np.all(eps < 0.5), t
        assert eps[-1] < eps[0] / 2, t
    # with 5000 updates MinOver is near the optimum: ε_g falls at every α, up to its noise
    long = curves[5000]
    eps, sem = long.eps_g_mean.to_numpy(), long.eps_g_sem.to_numpy()
    assert np.all(np.diff(eps) < 2 * (sem[1:] + sem[:-1])), eps
    # more updates, a better student, where there are examples enough to learn from
    upper = long.alpha >= 5
    means = {t: df.eps_g_mean[upper].mean() for t, df in curves.items()}
    assert means[5000] < means[100] < means[20], means
