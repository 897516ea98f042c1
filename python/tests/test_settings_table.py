"""The settings table (``perceptron_lab.settings()``, the CLI's ``list settings``) is what
``train`` takes by its keys: the same runs as the CLI's ``train`` with the same flags, and for
each setting each rule that takes it refuses a value just outside its range naming the key and
the range, each rule that does not take it refuses it by name — read from the table, not
written here."""

import json

import numpy as np
import pytest
from conftest import run_cli

import perceptron_lab as pl

TABLE = pl.settings()
RULES = [a for a in pl.algorithms() if a != "exact"]

# four separable points, through the origin and with a threshold (the CLI's test's set)
X = np.array([[1, 0.2], [2, 1], [-1, -0.5], [-0.3, -2]])
Y = np.array([1, 1, -1, -1])

# a value of each key that every rule taking it accepts on X
VALID = {"epochs": 20, "updates": 10, "init": [0.5, 0.5], "eta": 0.1, "gamma": 2,
         "margin": 0.2, "order": "cyclic", "seed": 3}


def test_the_table_is_the_clis():
    assert list(TABLE.columns) == ["key", "type", "default", "min", "max", "rules", "help"]
    assert TABLE.to_csv(index=False) == run_cli("list", "settings")
    assert set(TABLE["key"]) == set(VALID)


def takes(row, rule):
    return rule in [r.strip() for r in row["rules"].split(",")]


def test_each_rule_refuses_values_just_outside_a_settings_range():
    checked = 0
    for _, row in TABLE.iterrows():
        if not row["min"]:
            continue
        lo = float(row["min"].lstrip(">"))  # ">0": open at 0
        hi = float(row["max"]) if row["max"] not in ("", "inf") else None
        outside = [lo - max(abs(lo), 1.0) * 1e-9] + ([hi * (1 + 1e-9)] if hi else [])
        for rule in (r for r in RULES if takes(row, r)):
            pl.train(rule, X, Y, **{"epochs": 30, row["key"]: VALID[row["key"]]})
            for v in outside:
                with pytest.raises(ValueError) as e:
                    pl.train(rule, X, Y, **{"epochs": 30, row["key"]: v})
                message = str(e.value)
                assert row["key"] in message and ("[" in message or "(" in message), message
                checked += 1
    assert checked > 20


def test_each_rule_refuses_a_setting_it_does_not_take_by_name():
    checked = 0
    for _, row in TABLE.iterrows():
        for rule in (r for r in RULES if not takes(row, r)):
            with pytest.raises(ValueError, match=f"{rule} does not take the setting {row['key']}"):
                pl.train(rule, X, Y, **{"epochs": 30, row["key"]: VALID[row["key"]]})
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("rule,flags", [
    ("rosenblatt", {"margin": 0.3, "order": "random", "seed": 4}),
    ("adatron", {"eta": 0.2, "epochs": 40}),
    ("soft-margin", {"gamma": 0.5, "updates": 300}),
    ("minover", {"init": [1.0, -0.5], "updates": 25}),
])
def test_table_keys_run_the_clis_train(cli, tmp_path, rule, flags):
    data = tmp_path / "points.csv"
    data.write_text("x1,x2,label\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, Y)))
    args = ["train", "--algorithm", rule, "--data", str(data)]
    for k, v in flags.items():
        args += [f"--{k}", ",".join(map(str, v)) if isinstance(v, list) else str(v)]
    model = json.loads(cli(*args))
    got = pl.train(rule, X, Y, **flags)
    np.testing.assert_array_equal(got.w, model["w"])
    assert got.updates == model["updates"] and got.converged == model["converged"]


def test_table_and_page_keys_together_are_refused():
    with pytest.raises(ValueError, match="not both: maxEpochs"):
        pl.train("minover", X, Y, updates=10, maxEpochs=5)


@pytest.mark.parametrize("flags,message", [
    ({"updates": 2.5}, r"updates must be a whole number in \[1, 18446744073709551615\], got 2.5"),
    ({"init": [1.0, 2.0, 3.0]}, "init \"1,2,3\": 3 values, w and θ"),
    ({"init": [1.0]}, "the data have N = 2 inputs"),
    ({"order": "backwards"}, "unknown variant `backwards`, expected `cyclic` or `random`"),
    ({"eta": float("nan")}, "eta must be a finite number"),
    ({"epochs": "many"}, "epochs must be a number"),
])
def test_bad_table_values_name_the_key(flags, message):
    with pytest.raises(ValueError, match=message):
        pl.train("rosenblatt" if "order" in flags else "adatron" if "eta" in flags else "minover",
                 X, Y, **flags)


def test_alpha_grid_as_the_cli_writes_it(cli):
    from conftest import assert_frames_equal, cli_curve

    got = pl.learning_curve("hebb", 6, "0.5:2:4", 3, seed=2, progress=False)
    assert_frames_equal(got, cli_curve("--algorithm", "hebb", "--n", "6", "--alpha", "0.5:2:4",
                                       "--reps", "3", "--seed", "2"))
    with pytest.raises(ValueError, match=r"α stop must be a number in \[10, ∞\), got 0.1"):
        pl.learning_curve("hebb", 6, "10:0.1:4", 3)
