// The gradient rules against their own optimum on the page: the readout gives each one's cost
// against the minimum and the angle to it (the minimum checked against the least-squares
// solution computed here from the normal equations); a screenshot shows the optimum's faint wide
// line in the rule's colour.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, artifact, useLab } from "./harness.mjs";

const lab = useLab();

/** The least-squares w through the origin, `(Σ ξξᵀ)⁻¹ Σ S ξ`, of 2-D points. */
function leastSquares(points) {
  let [a, b, c, u, v] = [0, 0, 0, 0, 0];
  for (const p of points) {
    a += p.x * p.x;
    b += p.x * p.y;
    c += p.y * p.y;
    u += p.label * p.x;
    v += p.label * p.y;
  }
  const det = a * c - b * b;
  return [(c * u - b * v) / det, (a * v - b * u) / det];
}

test("the readout measures each Adaline against the least-squares optimum computed here; a sigmoid cost on a separable set has none, and says so", async () => {
  const { page } = lab;
  // the six points and one more labelled against them: not separable
  const points = [...SIX, { x: 1.5, y: 1.5, label: -1 }];
  await lab.setPoints(points);
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  for (const name of ["adaline", "adaline-batch", "logistic"]) await page.locator(`#show-${name}`).check();
  await page.evaluate(() => window.lab.settled(30_000));
  const s = await lab.state();
  const ls = leastSquares(points);
  for (const name of ["adaline", "adaline-batch"]) {
    const o = s.algorithms[name].optimum;
    assert.equal(o.kind, "at", name);
    assert.ok(Math.hypot(o.w[0] - ls[0], o.w[1] - ls[1]) < 1e-9 * Math.hypot(...ls), `${name}: ${o.w} vs ${ls}`);
    const text = await page.locator(`#readout tr[data-algorithm="${name}"] + tr td.status`).textContent();
    assert.match(text, /To its optimum \(the faint wide line\): cost E = .* against the minimum .*, angle .*°\./);
  }
  assert.equal(s.algorithms.logistic.optimum.kind, "at", "not separable: the logistic cost has a minimum");
  await page.locator("#data-view").screenshot({ path: artifact("gradient-optimum.png") });
  assert.deepEqual(lab.errors, []);
  // separable: the sigmoid cost has none, and says so
  await lab.setPoints(SIX);
  await page.evaluate(() => window.lab.settled(30_000));
  const t = await lab.state();
  assert.equal(t.algorithms.logistic.optimum.kind, "unbounded");
  const text = await page.locator('#readout tr[data-algorithm="logistic"] + tr td.status').textContent();
  assert.match(text, /no minimum on this separable set/);
});

test("the soft margin is measured against its own optimum at the current γ: kind at, a cost gap within its KKT tolerance, the readout's sentence", async () => {
  const { page } = lab;
  await lab.setPoints([...SIX, { x: 1.5, y: 1.5, label: -1 }]);
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  await page.locator("#show-soft-margin").check();
  await page.evaluate(() => window.lab.settled(30_000));
  const o = (await lab.state()).algorithms["soft-margin"].optimum;
  assert.equal(o.kind, "at");
  assert.ok(o.cost > 0 && Math.abs(o.costGap) <= 1e-5 * o.cost, `cost ${o.cost}, gap ${o.costGap}`);
  const text = await page.locator('#readout tr[data-algorithm="soft-margin"] + tr td.status').textContent();
  assert.match(text, /To its optimum \(the faint wide line\): cost E = .* against the minimum .*, angle .*°\./);
  assert.deepEqual(lab.errors, []);
});
