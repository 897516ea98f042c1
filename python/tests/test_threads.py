"""The GIL is released while the core computes: ``train`` and ``learning_curve``'s cells.

The test counts in a Python thread while a call runs in another: a call that holds the GIL
lets the counter run only at its edges (when the interpreter hands the GIL over on entry and
return), one that releases it lets the counter run for its whole length. The counter counts only
while a flag set around the call is up. Its baseline is the same measure around ``sorted`` of a
long list, a C call that holds the GIL throughout; the core's calls are each many times longer
than that edge, so the counts differ by far more than the ratio asked, whatever the load.
"""

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import perceptron_lab as pl

# the core's count over the most of three baselines: a GIL-holding call's count is one more
# sample of the edges, far below; a call releasing the GIL for its length is far above
RATIO = 10
FLOOR = 1000


class Counter:
    """A thread counting its loop's iterations while ``inside`` is up."""

    def __init__(self):
        self.inside = False
        self.count = 0
        self._stop = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._started = threading.Event()

    def _run(self):
        self._started.set()
        while not self._stop:
            if self.inside:
                self.count += 1

    def __enter__(self):
        # a short switch interval: the counter gets the GIL back soon after a call returns,
        # so the edges of a GIL-holding call let it count little
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-4)
        self._thread.start()
        self._started.wait()
        return self

    def __exit__(self, *exc):
        self._stop = True
        self._thread.join()
        sys.setswitchinterval(self._interval)

    def during(self, call):
        """``call()``'s value and the iterations counted while it ran."""
        before = self.count
        self.inside = True
        try:
            value = call()
        finally:
            self.inside = False
        return value, self.count - before


def baseline(counter):
    """The most counted around a GIL-holding C call, of three (its edges vary with the load)."""
    data = [float((i * 7919) % 100_003) for i in range(300_000)]
    return max(counter.during(lambda: sorted(data))[1] for _ in range(3))


def test_the_gil_is_released_while_train_computes():
    X, y, _ = pl.teacher_set(100, 1000, 1)
    with Counter() as counter:
        held = baseline(counter)
        # MinOver for 6 000 000 steps: no gap stop, the epoch limit ends it
        run, counted = counter.during(
            lambda: pl.train("minover", X, y, maxEpochsOptimal=6000, gapTolerance=0)
        )
    assert run.steps == 6_000_000 and run.stop == "limit"
    assert counted > RATIO * max(held, FLOOR), (counted, held)


class Flagged(ThreadPoolExecutor):
    """One worker thread whose tasks raise the counter's flag while they run."""

    def __init__(self, counter):
        super().__init__(max_workers=1)
        self.counter, self.counted = counter, []

    def submit(self, fn, *args):
        def task():
            value, counted = self.counter.during(lambda: fn(*args))
            self.counted.append(counted)
            return value

        return super().submit(task)


def test_the_gil_is_released_while_learning_curve_runs_cells():
    with Counter() as counter:
        held = baseline(counter)
        with Flagged(counter) as pool:
            df = pl.learning_curve("adatron", 100, [5.0], 8, updates=10**6, executor=pool,
                                   chunk=8, progress=False)
    assert df.valid_reps.tolist() == [8]
    assert len(pool.counted) == 1, "one task of the eight cells"
    assert pool.counted[0] > RATIO * max(held, FLOOR), (pool.counted, held)
