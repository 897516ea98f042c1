"""learning_curve: the CLI's curve CSV for the same arguments, whatever runs the cells — the
default threads, a process pool, a Dask LocalCluster of two worker processes — and after an
interruption and a resume; its progress bar's count of the cells done."""

import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from conftest import assert_frames_equal, cli_curve

import perceptron_lab as pl

# a small sweep with every kind of column: an iterative rule, Hebb, the exact optimum
ARGS = dict(algorithms=["minover", "hebb", "exact"], n=8, alpha=[0.5, 1.5, 3.0], reps=6,
            seed=5, epochs=50)
CLI_ARGS = ["--algorithm", "minover,hebb,exact", "--n", "8", "--alpha", "0.5,1.5,3",
            "--reps", "6", "--seed", "5", "--epochs", "50"]


@pytest.fixture(scope="module")
def expected(cli):
    return cli_curve(*CLI_ARGS)


def test_default_threads_give_the_clis_csv(expected):
    assert_frames_equal(pl.learning_curve(**ARGS, progress=False), expected)


def test_budget_noise_and_random_labels(cli):
    got = pl.learning_curve("rosenblatt,adatron", 6, [0.5, 2.0], 4, seed=3, updates=40,
                            noise=0.1, progress=False)
    assert_frames_equal(got, cli_curve("--algorithm", "rosenblatt,adatron", "--n", "6",
                                       "--alpha", "0.5,2", "--reps", "4", "--seed", "3",
                                       "--updates", "40", "--noise", "0.1"))
    got = pl.learning_curve(["exact"], 5, [1.0, 3.0], 5, labels="random", progress=False)
    assert_frames_equal(got, cli_curve("--algorithm", "exact", "--n", "5", "--alpha", "1,3",
                                       "--reps", "5", "--labels", "random"))


def test_a_process_pool_in_chunks_of_one(expected):
    with ProcessPoolExecutor(max_workers=2) as pool:
        got = pl.learning_curve(**ARGS, executor=pool, chunk=1, progress=False)
    assert_frames_equal(got, expected)


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_local_cluster_of_two_workers(dask_client, expected):
    got = pl.learning_curve(**ARGS, executor=dask_client, chunk=2, progress=False)
    assert_frames_equal(got, expected)
    assert len(dask_client.scheduler_info()["workers"]) == 2


class Interrupted(Exception):
    pass


class FailsAfter(ThreadPoolExecutor):
    """A pool whose tasks after the first ``ok`` fail, as a sweep cut off part-way."""

    def __init__(self, ok):
        super().__init__(max_workers=1)
        self.ok, self.cells = ok, []

    def submit(self, fn, params, cells):
        self.cells.extend(cells)
        if len(self.cells) > self.ok:
            def cut():
                raise Interrupted
            return super().submit(cut)
        return super().submit(fn, params, cells)


def test_interrupted_and_resumed(expected, tmp_path):
    results = tmp_path / "sweep.jsonl"
    with pytest.raises(Interrupted), FailsAfter(ok=7) as pool:
        pl.learning_curve(**ARGS, executor=pool, chunk=1, results=str(results), progress=False)
    lines = results.read_text().splitlines()
    assert json.loads(lines[0])["seed"] == 5 and len(lines) - 1 <= 7  # parameters, then cells
    done = {json.loads(line)["cell"] for line in lines[1:]}
    with FailsAfter(ok=10**6) as pool:
        got = pl.learning_curve(**ARGS, executor=pool, chunk=1, results=str(results),
                                progress=False)
    assert_frames_equal(got, expected)
    assert sorted(pool.cells) == sorted(set(range(18)) - done), "only the missing cells ran"
    with pytest.raises(ValueError, match="another sweep's results"):
        pl.learning_curve(**{**ARGS, "seed": 6}, results=str(results), progress=False)


@pytest.fixture
def bars(monkeypatch):
    """The tqdm bars learning_curve makes, each with the increments it was given."""
    tqdm_auto = pytest.importorskip("tqdm.auto")
    made = []

    class Recording(tqdm_auto.tqdm):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.shown = not self.disable  # close() disables a bar
            self.increments = []
            made.append(self)

        def update(self, n=1):
            self.increments.append(n)
            return super().update(n)

    monkeypatch.setattr(tqdm_auto, "tqdm", Recording)
    return made


def test_the_progress_bar_counts_the_cells_done(expected, bars):
    got = pl.learning_curve(**ARGS, chunk=4)  # 3 α × 6 repetitions: 18 cells
    assert_frames_equal(got, expected)
    (bar,) = bars
    assert (bar.total, bar.n, bar.unit, bar.shown) == (18, 18, "cell", True)
    assert sorted(bar.increments) == [2, 4, 4, 4, 4], "one update a chunk, of its cells"
    pl.learning_curve(**ARGS, progress=False)
    assert not bars[1].shown


def test_a_resumed_sweeps_bar_starts_at_the_cells_held(expected, bars, tmp_path):
    results = str(tmp_path / "sweep.jsonl")
    with pytest.raises(Interrupted), FailsAfter(ok=7) as pool:
        pl.learning_curve(**ARGS, executor=pool, chunk=1, results=results)
    held = len(open(results).read().splitlines()) - 1
    assert bars[0].n == held, "the interrupted bar counted the cells written"
    got = pl.learning_curve(**ARGS, chunk=1, results=results)
    assert_frames_equal(got, expected)
    assert (bars[1].initial, bars[1].n, bars[1].total) == (held, 18, 18)
    assert bars[1].increments == [1] * (18 - held)


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(algorithms=["nope"]), 'unknown algorithm "nope"'),
        (dict(noise=2.0), "label noise λ must be in [0, 1], got 2"),
        (dict(alpha=[0.5, -1.0]), "α must be in (0, ∞), got -1"),
        (dict(reps=0), "repetitions must be a whole number in [1, 100000], got 0"),
        (dict(updates=0), "updates must be a whole number in [1, 18446744073709551615], got 0"),
        (dict(n=0), "N must be a whole number in [1, 100000], got 0"),
        # as the CLI and the page say it (the core's one check)
        (
            dict(n=20, alpha=[0.01, 1.0]),
            "α = 0.01 gives P = round(αN) = 0 examples at N = 20: α must be in [0.025, ∞) (P ≥ 1)",
        ),
    ],
)
def test_bad_sweeps_are_refused(change, message):
    with pytest.raises(ValueError) as e:
        pl.learning_curve(**{**ARGS, **change}, progress=False)
    assert message in str(e.value)
