"""Shared fixtures: the CLI built from the same core (``PERCEPTRON_LAB_CLI``, default
``target/release/perceptron-lab`` of the repository), and its outputs as DataFrames."""

import io
import os
import pathlib
import subprocess

import numpy as np
import pandas as pd
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("PERCEPTRON_LAB_CLI", str(ROOT / "target" / "release" / "perceptron-lab"))


def read_csv(source) -> pd.DataFrame:
    """A CSV file or text, each number read as the float it was written from."""
    from perceptron_lab._sweep import _exact_floats

    return pd.read_csv(source, **_exact_floats(pd))


def run_cli(*args: str) -> str:
    """The CLI's stdout for ``args`` (the test fails on a non-zero exit)."""
    out = subprocess.run([CLI, *args], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout


def cli_curve(*args: str) -> pd.DataFrame:
    """``perceptron-lab curve ARGS`` as a DataFrame, every number as written."""
    return read_csv(io.StringIO(run_cli("curve", *args)))


def assert_frames_equal(got: pd.DataFrame, expected: pd.DataFrame, tol: float = 1e-12):
    """Same columns in the same order, same text columns, numbers equal to ``tol`` (NaN = NaN)."""
    assert list(got.columns) == list(expected.columns)
    assert len(got) == len(expected)
    for col in expected.columns:
        if not pd.api.types.is_numeric_dtype(expected[col]):
            assert got[col].tolist() == expected[col].tolist(), col
        else:
            a = got[col].to_numpy(dtype=float)
            b = expected[col].to_numpy(dtype=float)
            assert np.array_equal(np.isnan(a), np.isnan(b)), col
            ok = ~np.isnan(b)
            assert np.all(np.abs(a[ok] - b[ok]) <= tol * np.maximum(1.0, np.abs(b[ok]))), col


@pytest.fixture(scope="session")
def cli():
    if not os.path.exists(CLI):
        pytest.fail(f"the CLI is not built at {CLI}: cargo build --release --bin perceptron-lab")
    return run_cli
