// The heaviest assignment experiment as `lab.runLearningCurve` / `runCells` take it: N = 20,
// `count` α values in [0.1, 10] (the CLI's `0.1:10:count` grid, a + (b − a)·i/(count − 1);
// another range with `from`, `to`), `reps` repetitions, MinOver from tabula rasa for 100 fixed
// epochs, seed 1, teacher labels.
export function heavySweep({ count = 100, reps = 100, from = 0.1, to = 10 } = {}) {
  return {
    n: 20,
    alphas: Array.from({ length: count }, (_, i) => from + ((to - from) * i) / (count - 1)),
    reps,
    algorithms: ["minover"],
    epochs: 100,
    seed: 1,
    noise: 0,
    labels: "teacher",
    stop: { kind: "epochs" },
  };
}
