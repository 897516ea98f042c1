"""teacher_set and random_set: the sets the CLI's ``sets`` writes for the same seed."""

import io

import numpy as np
import pandas as pd
import pytest

from conftest import read_csv

import perceptron_lab as pl


def written(cli, tmp_path, *args):
    """The listing of ``perceptron-lab sets ARGS --out tmp`` as a DataFrame."""
    return pd.read_csv(io.StringIO(cli("sets", *args, "--out", str(tmp_path))), dtype={"teacher": str})


@pytest.mark.parametrize("noise", [0.0, 0.2])
def test_teacher_set_is_the_clis(cli, tmp_path, noise):
    n, p, seed = 7, 12, 31
    listing = written(cli, tmp_path, "--n", str(n), "--alpha", str(p / n), "--reps", "3",
                      "--seed", str(seed), "--noise", str(noise))
    for rep in range(3):
        X, y, teacher = pl.teacher_set(n, p, seed, noise=noise, rep=rep)
        row = listing[listing.rep == rep].iloc[0]
        data = read_csv(row.data)
        assert list(data.columns) == [f"x{i}" for i in range(1, n + 1)] + ["label"]
        assert X.shape == (p, n) and y.shape == (p,) and teacher.shape == (n,)
        assert np.array_equal(X, data.iloc[:, :n].to_numpy())
        assert np.array_equal(y, data.label.to_numpy(dtype=float))
        w = read_csv(row.teacher).to_numpy()[0]
        assert np.array_equal(teacher, w)
        if noise == 0.0:  # the teacher labels every example
            assert np.array_equal(np.sign(X @ teacher), y)


def test_noise_flips_about_its_share():
    X, y, teacher = pl.teacher_set(10, 4000, 5, noise=0.25)
    flipped = np.mean(np.sign(X @ teacher) != y)
    assert abs(flipped - 0.25) < 4 * np.sqrt(0.25 * 0.75 / 4000)


def test_random_set_is_the_clis(cli, tmp_path):
    listing = written(cli, tmp_path, "--n", "4", "--alpha", "2", "--reps", "1",
                      "--seed", "9", "--labels", "random")
    X, y, teacher = pl.random_set(4, 8, 9)
    data = read_csv(listing.data[0])
    assert teacher is None
    assert np.array_equal(X, data.iloc[:, :4].to_numpy())
    assert np.array_equal(y, data.label.to_numpy(dtype=float))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: pl.teacher_set(0, 5, 1), "N must be a whole number in [1, 100000], got 0"),
        (lambda: pl.teacher_set(5, 0, 1), "P must be a whole number in [1, ∞), got 0"),
        (lambda: pl.teacher_set(5, 5, 1, noise=1.5), "label noise λ must be in [0, 1], got 1.5"),
        (lambda: pl.teacher_set(5, 5, 1, noise=float("nan")), "noise must be a finite number, got nan"),
    ],
)
def test_bad_sets_are_refused(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert message in str(e.value)
