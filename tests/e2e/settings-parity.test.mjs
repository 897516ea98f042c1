// The page and the command line take and refuse the same values: for each setting a user sets in
// both — a sweep's N, repetitions, label noise, epochs, step budget and seed (the page's
// `lab.runLearningCurve`, the CLI's `curve`), the soft margin's γ and the notes' η (the page's
// `lab.setSettings`, the CLI's `train`) — values at and just outside the ends of its range are
// accepted by both or refused by both, and a refusal names the value and the same range in both.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, useLab } from "./harness.mjs";

const lab = useLab();
const CLI = join(ROOT, "target", "release", "perceptron-lab");

/** The CLI's answer to `args`: `{ok, message}` (its stderr when it refused). */
function cli(args) {
  const r = spawnSync(CLI, args, { encoding: "utf8" });
  return { ok: r.status === 0, message: r.stderr.trim() };
}

/** The range a message names: `[1, 100000]`, `(0, ∞)`, … (its last one). */
function rangeOf(message) {
  const all = message.match(/[[(][^[\]()]*, [^[\]()]*[\])]/g);
  return all ? all[all.length - 1] : null;
}

/** Both answers agree on `value`: both take it, or both refuse it naming it and the same range. */
function agree(what, value, page, native) {
  assert.equal(
    page.ok,
    native.ok,
    `${what} = ${value}: the page ${page.ok ? "took" : `refused (${page.message})`}, the CLI ${native.ok ? "took" : `refused (${native.message})`}`,
  );
  if (page.ok) return;
  const range = rangeOf(native.message);
  assert.ok(range, `${what} = ${value}: the CLI names a range (${native.message})`);
  assert.equal(rangeOf(page.message), range, `${what} = ${value}: the page names the CLI's range ${range} (${page.message})`);
  const got = page.message.match(/got (\S+?)\)?$/);
  assert.ok(got && Number(got[1]) === value, `${what} = ${value}: the page names the value (${page.message})`);
}

// the sweep's flags: the page's key, the CLI's flag, values at and beyond the ends of the range
const SWEEP = [
  ["n", "--n", [0, 1, 1.5, 100001]],
  ["reps", "--reps", [0, 1, 2.5, 100001]],
  ["noise", "--noise", [-1e-9, 0, 1, 1.000001]],
  ["epochs", "--epochs", [0, -1, 1e-9]],
  ["updates", "--updates", [0, 1, 2.5]],
  ["seed", "--seed", [-1, 0, 2.5, 4294967296]],
];

test("a sweep's settings: the page's runLearningCurve takes and refuses what the CLI's curve does, naming the same range", async () => {
  const base = { n: 5, alphas: [1, 2], reps: 2, algorithms: ["hebb"], epochs: 10, seed: 1, noise: 0, labels: "teacher", stop: { kind: "epochs" } };
  for (const [key, flag, values] of SWEEP) {
    for (const value of values) {
      const params = { ...base, [key]: value };
      if (key === "updates") delete params.epochs;
      const page = await lab.page.evaluate(
        (p) =>
          window.lab.runLearningCurve(p).then(
            () => ({ ok: true, message: "" }),
            (e) => ({ ok: false, message: e.message }),
          ),
        params,
      );
      const args = ["curve", "--algorithm", "hebb", "--alpha", "1,2", "--n", "5", "--reps", "2", "--seed", "1"];
      const at = args.indexOf(flag);
      if (at >= 0) args.splice(at, 2);
      if (key !== "updates" && key !== "epochs") args.push("--epochs", "10");
      args.push(`${flag}=${value}`); // `=`: a negative value is not read as a flag
      agree(key, value, page, cli(args));
    }
  }
});

test("the rule settings: the page's setSettings takes and refuses what the CLI's train does, with the CLI's message", async () => {
  const data = join(mkdtempSync(join(tmpdir(), "parity-")), "points.csv");
  writeFileSync(data, "x1,x2,label\n1,0.2,1\n2,1,1\n-1,-0.5,-1\n-0.3,-2,-1\n");
  const cases = [
    ["gamma", "soft-margin", "--gamma"],
    ["notesEta", "perceptron-notes", "--eta"],
  ];
  for (const [key, rule, flag] of cases) {
    for (const value of [-1, 0, 1e-9, 2]) {
      const page = await lab.page.evaluate(
        ([k, v]) => {
          try {
            window.lab.setSettings({ [k]: v });
            return { ok: true, message: "" };
          } catch (e) {
            return { ok: false, message: /** @type {Error} */ (e).message };
          }
        },
        [key, value],
      );
      const native = cli(["train", "--algorithm", rule, "--data", data, `${flag}=${value}`]);
      agree(key, value, page, native);
      if (!page.ok) {
        // the same words after the name: "… must be in (0, ∞), got -1"
        const words = native.message.slice(native.message.indexOf("must be"));
        assert.ok(page.message.endsWith(words), `${key} = ${value}: the page says ${page.message}, the CLI ${native.message}`);
      }
    }
  }
  assert.deepEqual(lab.errors, []);
});
