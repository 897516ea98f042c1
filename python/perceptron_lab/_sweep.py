"""Learning-curve sweeps on any ``concurrent.futures``-style executor.

A sweep is ``len(alpha) × reps`` cells; cell ``(α_k, r)`` draws its set from ``(seed, k, r)``
only (the core's ``experiment::cell_data``), so the cells may run anywhere, in any order and
in any grouping, and the core's summary of their results is the CLI's ``curve`` CSV. Here the
cells go out in chunks to the executor (threads of this process by default: the core releases
the GIL), each finished chunk's results are appended to the results file if one is given, and
a later call with the same file runs only the cells it does not hold yet.
"""

from __future__ import annotations

import io
import json
import math
import os
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Iterable, Optional, Sequence, Union

from . import _core

# Chunks per sweep, about: enough for an even load and a fine-grained resume, few enough that a
# cluster's per-task overhead (milliseconds) stays small against the cells' work.
_CHUNKS = 256


def sweep_params(
    algorithms: Union[str, Sequence[str]],
    n: int,
    alpha: Union[str, Iterable[float]],
    reps: int,
    seed: int = 1,
    epochs: float = _core.SWEEP_EPOCHS,
    updates: Optional[int] = None,
    noise: float = 0.0,
    labels: str = "teacher",
    stop: Optional[dict] = None,
) -> str:
    """The sweep's parameters as the page's JSON (``experiment::CurveParams``), checked by the
    core (a ``ValueError`` with its message for a bad one)."""
    if isinstance(algorithms, str):
        algorithms = algorithms.split(",")
    params = {
        "n": n,
        "alphas": _alphas(alpha),
        "reps": reps,
        "algorithms": list(algorithms),
        "epochs": float(epochs),
        "seed": seed,
        "noise": float(noise),
        "labels": labels,
        "stop": stop if stop is not None else {"kind": "epochs"},
    }
    if updates is not None:
        params["updates"] = updates
    for name, value in [("noise", params["noise"]), ("epochs", params["epochs"])] + [
        ("α", a) for a in params["alphas"]
    ]:
        if not math.isfinite(value):  # JSON has no NaN: said here, as the CLI's flags say it
            raise ValueError(f"{name} must be a finite number, got {value}")
    try:
        text = json.dumps(params, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise ValueError(f"the sweep's parameters are not JSON numbers and names: {e}") from None
    _core.curve_cells(text)  # the core's checks, before anything runs
    return text


def _alphas(alpha) -> list[float]:
    """The α grid: a string as the CLI's ``--alpha`` takes it (``"0.1:10:100"``, inclusive and
    evenly spaced, or ``"0.5,1,2"``), else the numbers given."""
    if isinstance(alpha, str):
        return list(_core.parse_alpha(alpha))
    return [float(a) for a in alpha]


def _run_chunk(params: str, cells: list[int]) -> list[str]:
    """The results (JSON) of ``cells``: what a worker runs."""
    return _core.run_cells(params, cells)


def _order(params: dict) -> list[int]:
    """The cells round-robin over the α grid (every α once per round), so that each chunk
    costs about the same and the progress bar's rate is the sweep's."""
    count, reps = len(params["alphas"]), params["reps"]
    return [k * reps + r for r in range(reps) for k in range(count)]


def _read_results(path: str, params: str) -> dict[int, str]:
    """The cells already in the results file at ``path`` (none if it does not exist); its first
    line must be this sweep's parameters."""
    if not os.path.exists(path):
        return {}
    done: dict[int, str] = {}
    with open(path, encoding="utf-8") as f:
        first = f.readline().rstrip("\n")
        if first and json.loads(first) != json.loads(params):
            raise ValueError(
                f"{path} holds another sweep's results (its first line is its parameters): "
                "give a new file, or the same arguments"
            )
        for line in f:
            if line.endswith("\n"):  # a line cut short by an interruption is run again
                done[json.loads(line)["cell"]] = line.rstrip("\n")
    return done


def _executor(executor):
    """A ``concurrent.futures`` executor: a Dask ``Client``'s own (``get_executor``), any other
    as it is."""
    get = getattr(executor, "get_executor", None)
    return get() if callable(get) else executor


def _progress_bar(total: int, initial: int, progress: bool):
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar
        return None
    return tqdm(total=total, initial=initial, unit="cell", disable=not progress)


def learning_curve(
    algorithms: Union[str, Sequence[str]],
    n: int,
    alpha: Union[str, Iterable[float]],
    reps: int,
    seed: int = 1,
    epochs: float = _core.SWEEP_EPOCHS,
    updates: Optional[int] = None,
    noise: float = 0.0,
    labels: str = "teacher",
    stop: Optional[dict] = None,
    executor=None,
    results: Optional[str] = None,
    progress: bool = True,
    chunk: Optional[int] = None,
):
    """ε_g(α), κ(α), … of ``algorithms`` as a pandas DataFrame with the columns and numbers of
    ``perceptron-lab curve`` for the same arguments.

    ``alpha``: the α values, or a grid as the CLI's ``--alpha`` writes it (``"0.1:10:100"``).

    ``executor``: anything with ``submit`` (a ``ThreadPoolExecutor``, a
    ``ProcessPoolExecutor``, a ``dask.distributed.Client``); ``None``: threads of this process,
    one per core. ``results``: a file (JSON lines) that receives each finished cell and from
    which a later call with the same arguments resumes. ``chunk``: cells per task (default: the
    sweep in about 256 tasks). ``progress``: a tqdm bar of cells done.
    """
    import pandas as pd

    params = sweep_params(algorithms, n, alpha, reps, seed, epochs, updates, noise, labels, stop)
    order = _order(json.loads(params))
    done = _read_results(results, params) if results else {}
    todo = [c for c in order if c not in done]
    size = chunk if chunk else max(1, -(-len(order) // _CHUNKS))
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    sink = open(results, "a", encoding="utf-8") if results else None  # noqa: SIM115
    bar = _progress_bar(len(order), len(done), progress)
    own = None
    try:
        if sink is not None and not done:
            sink.write(params + "\n")
            sink.flush()
        if executor is None:
            own = executor = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
        pool = _executor(executor)
        futures = [pool.submit(_run_chunk, params, c) for c in chunks]
        for future in as_completed(futures):
            lines = future.result()
            for line in lines:
                done[json.loads(line)["cell"]] = line
            if sink is not None:
                sink.write("".join(line + "\n" for line in lines))
                sink.flush()
            if bar is not None:
                bar.update(len(lines))
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
        if sink is not None:
            sink.close()
        if bar is not None:
            bar.close()
    header, rows = _core.summarize(params, list(done.values()))
    text = "\n".join([header, *rows]) + "\n"
    return pd.read_csv(io.StringIO(text), **_exact_floats(pd))


def _exact_floats(pd) -> dict:
    """``read_csv``'s option that reads each number as the float it was written from: pandas 3
    does by default (and deprecates the option), earlier versions with ``round_trip``."""
    return {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}
