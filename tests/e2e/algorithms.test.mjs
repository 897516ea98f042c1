// End-to-end tests of the whole algorithm family in the page: every rule can be shown, is trained
// and explained; on non-separable points pocket finds the fewest errors (enumerated here) and the
// separability-bound rules say so; the choice of rules and their settings travel in the link.
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { SIX as SIX_POINTS, artifact, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();

/** The training rules, as the page's catalogue lists them (read at the start of every test). */
const RULES = [];
beforeEach(async () => {
  if (RULES.length) return;
  const catalogue = await lab.page.evaluate(() => window.lab.catalogue());
  RULES.push(...catalogue.algorithms.filter((a) => a.role !== "reference").map((a) => a.name));
});

/** Two overlapping clouds (a deterministic LCG), not separable through the origin. */
function noisyPoints(n = 40) {
  let s = 12345;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const pts = [];
  for (let i = 0; i < n; i++) {
    const label = i % 2 ? 1 : -1;
    const x = label * 1.2 + 4 * (rand() - 0.5);
    const y = label * 0.8 + 4 * (rand() - 0.5);
    pts.push({ x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, label });
  }
  return pts;
}

/** The fewest errors (label·(w·x) ≤ 0) of any line through the origin, by enumerating angles
 * between the critical directions (where w ⟂ x). Independent of the page. */
function minErrors(points) {
  const crit = [];
  for (const p of points) {
    const a = Math.atan2(p.y, p.x);
    crit.push((a + Math.PI / 2 + 4 * Math.PI) % (2 * Math.PI), (a - Math.PI / 2 + 4 * Math.PI) % (2 * Math.PI));
  }
  crit.sort((a, b) => a - b);
  let best = Infinity;
  for (let i = 0; i < crit.length; i++) {
    const next = i + 1 < crit.length ? crit[i + 1] : crit[0] + 2 * Math.PI;
    const phi = (crit[i] + next) / 2;
    const w = [Math.cos(phi), Math.sin(phi)];
    best = Math.min(best, points.filter((p) => p.label * (w[0] * p.x + w[1] * p.y) <= 0).length);
  }
  return best;
}

async function showAll(page) {
  await page.click("#more-algorithms summary");
  for (const name of RULES) {
    const box = page.locator(`#show-${name}`);
    if (!(await box.isChecked())) await box.check();
  }
}

test("every rule can be shown, is trained by the core and explained beside the views", async () => {
  await showAll(lab.page);
  await lab.setThreshold(false);
  const s = await lab.state();
  for (const name of RULES) {
    const a = s.algorithms[name];
    assert.ok(a, `${name} is in getState().algorithms`);
    assert.ok(a.w.every(Number.isFinite) && Number.isFinite(a.theta), `${name}: finite w, θ`);
    assert.ok(a.status.length > 0, `${name} reports its stop reason`);
  }
  const info = await lab.page.locator("#algorithm-info p").allTextContents();
  assert.equal(info.length, RULES.length);
  assert.ok(
    info.some((t) => t.startsWith("Adaline") && t.includes("optimises") && t.includes("←")),
    info.join("\n"),
  );
  const options = await lab.page.locator("#anim-algorithm option").evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, RULES);
  await lab.page.screenshot({ path: artifact("algorithms-all-shown.png") });
  assert.deepEqual(lab.errors, []);
});

test("on non-separable points pocket finds the fewest errors and the others say what happened", async () => {
  const points = noisyPoints();
  await lab.setPoints(points);
  await lab.setThreshold(false);
  const s = await lab.state();
  assert.equal(s.separable, false);
  const best = minErrors(points);
  assert.ok(best > 0);
  assert.equal(s.algorithms.pocket.errors, best, `pocket ${s.algorithms.pocket.errors}, minimum ${best}`);
  // the soft margin minimises the hinge loss, not the error count: close to the minimum
  assert.ok(s.algorithms["soft-margin"].errors <= best + 3, `soft margin ${s.algorithms["soft-margin"].errors}, minimum ${best}`);
  assert.match(s.algorithms.rosenblatt.status, /not separable/);
  assert.match(s.algorithms["perceptron-notes"].status, /not separable/);
  assert.match(s.algorithms.minover.status, /not separable/);
  await lab.page.screenshot({ path: artifact("algorithms-non-separable.png") });
  assert.deepEqual(lab.errors, []);
});

test("any rule can be animated step by step", async () => {
  await lab.setPoints(noisyPoints()); // not separable: no rule stops at its first step
  for (const name of ["perceptron-notes", "pocket", "adaline"]) {
    await lab.page.evaluate((n) => window.lab.step(n), name);
    await lab.page.evaluate((n) => window.lab.step(n), name);
    const s = await lab.state();
    assert.equal(s.animation.algorithm, name);
    assert.equal(s.animation.step, 2);
  }
  assert.deepEqual(lab.errors, []);
});

test("the chosen rules, γ and the seed travel in the link", async () => {
  const gamma = lab.page.locator("#rule-gamma");
  await gamma.fill("0.25");
  await gamma.dispatchEvent("change");
  await lab.page.locator("#show-logistic").uncheck();
  const url = await lab.page.evaluate(() => location.href);
  const fresh = await launch();
  try {
    const other = await openLab(fresh.context, url);
    // the rules' answers once they have stopped (they settle in the worker after the page's first slice)
    await Promise.all([lab.page, other.page].map((p) => p.evaluate(() => window.lab.settled(60_000))));
    const [a, b] = await Promise.all([lab.state(), other.page.evaluate(() => window.lab.getState())]);
    assert.deepEqual(Object.keys(b.algorithms).sort(), Object.keys(a.algorithms).sort());
    assert.ok(!("logistic" in b.algorithms));
    assert.deepEqual(b.algorithms["soft-margin"].w, a.algorithms["soft-margin"].w);
    assert.equal(await other.page.locator("#rule-gamma").inputValue(), "0.25");
    // a bad γ is refused with a message and changes nothing
    await gamma.fill("-3");
    await gamma.dispatchEvent("change");
    await lab.page.waitForFunction(() => /γ must be in \(0, ∞\), got "-3"/.test(document.getElementById("status").textContent));
    assert.equal(await gamma.inputValue(), "0.25");
    assert.deepEqual(other.errors, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(lab.errors, []);
});

/** Whether the canvas has a pixel within `tol` (per channel) of `hex`. */
async function hasColor(page, selector, hex, tol = 6) {
  return page.$eval(
    selector,
    (c, [hex, tol]) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] === 255 && Math.abs(d[i] - want[0]) <= tol && Math.abs(d[i + 1] - want[1]) <= tol && Math.abs(d[i + 2] - want[2]) <= tol) return true;
      }
      return false;
    },
    [hex, tol],
  );
}

test("each rule is drawn in its catalogue colour in the data view and the weight view, and nowhere else", async () => {
  const { algorithms } = await lab.page.evaluate(() => window.lab.catalogue());
  await lab.setThreshold(false);
  await lab.setPoints([
    { x: 1, y: 2, label: 1 },
    { x: 2, y: 0.5, label: 1 },
    { x: -1.5, y: -0.5, label: -1 },
    { x: 0.5, y: -2, label: -1 },
  ]);
  await lab.page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  const boxes = ["exact", ...RULES];
  for (const shown of RULES) {
    for (const name of boxes) await lab.page.locator(`#show-${name}`).setChecked(name === shown);
    await lab.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const color = algorithms.find((a) => a.name === shown).color;
    assert.ok(await hasColor(lab.page, "#data-view", color), `${shown}: ${color} in the data view`);
    assert.ok(await hasColor(lab.page, "#weight-view", color), `${shown}: ${color} in the weight view`);
    // the other rules' colours are not drawn (each colour names one rule)
    for (const other of algorithms.filter((a) => a.name !== shown && a.role !== "reference")) {
      assert.ok(!(await hasColor(lab.page, "#data-view", other.color, 2)), `${other.name}'s ${other.color} in the data view while only ${shown} is shown`);
    }
  }
  for (const name of boxes) await lab.page.locator(`#show-${name}`).setChecked(["exact", "rosenblatt", "minover", "adatron"].includes(name));
});

test("the tanh Adaline's animation starts far off and creeps (the vanishing gradient), then separates", async () => {
  await lab.setThreshold(false);
  await lab.setPoints(SIX_POINTS);
  await lab.page.selectOption("#anim-algorithm", "adaline-tanh");
  await lab.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.match(await lab.page.locator("#anim-counters").textContent(), /learn from far off on the wrong side/);
  // the start, written from the rule's definition: −6 h / (|h| max|ξ|), h = Σ S ξ (Hebb's vector)
  const h = [0, 1].map((k) => SIX_POINTS.reduce((s, p) => s + p.label * (k ? p.y : p.x), 0));
  const r = Math.max(...SIX_POINTS.map((p) => Math.hypot(p.x, p.y)));
  const w0 = h.map((v) => (-6 * v) / (Math.hypot(...h) * r));
  const step = () => lab.page.evaluate(() => window.lab.step("adaline-tanh"));
  const errorsOf = (w) => SIX_POINTS.filter((p) => p.label * (w[0] * p.x + w[1] * p.y) <= 0).length;
  await step();
  const first = (await lab.state()).animation;
  assert.equal(errorsOf(w0), 6, "every point starts on the wrong side");
  // one epoch (six steps) moves w by less than 5 % of |w₀|: the saturated examples hardly pull
  for (let k = 1; k < 6; k++) await step();
  let a = (await lab.state()).animation;
  assert.ok(Math.hypot(a.w[0] - w0[0], a.w[1] - w0[1]) < 0.05 * Math.hypot(...w0), `w after one epoch ${a.w}, start ${w0}`);
  assert.ok(Math.hypot(first.w[0] - w0[0], first.w[1] - w0[1]) < 0.05 * Math.hypot(...w0));
  assert.equal(a.misclassified.length, 6, "still every point wrong after an epoch");
  // … and it gets there: no errors within 100 epochs, but not within the first 5
  let steps = 6;
  while (a.misclassified.length > 0 && steps < 600) {
    await step();
    steps++;
    a = (await lab.state()).animation;
  }
  assert.equal(a.misclassified.length, 0, `errors left after ${steps} steps`);
  assert.ok(steps > 30, `separated after ${steps} steps: no slow start`);
  await lab.page.screenshot({ path: artifact("algorithms-tanh-animation.png") });
  assert.deepEqual(lab.errors, []);
});

test("the soft margin's γ: a logarithmic slider over the core's range, window.lab's settings, undo and the link", async () => {
  const { page } = lab;
  const [lo, hi] = (await page.evaluate(() => window.lab.catalogue())).limits.gammaRange;
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.getElementById("more-algorithms")).open = true;
  });
  await page.locator("#show-soft-margin").check();
  const slider = page.locator("#rule-gamma-slider");
  assert.equal(Number(await slider.getAttribute("min")), Math.log10(lo));
  assert.equal(Number(await slider.getAttribute("max")), Math.log10(hi));
  await lab.setPoints(noisyPoints());
  await page.evaluate(() => window.lab.setThreshold(false));
  // the slider at 10^2.5: γ = 316 (three significant digits), shown in the box and in the state
  await slider.fill("2.5");
  await slider.dispatchEvent("change");
  assert.equal(await page.inputValue("#rule-gamma"), "316");
  assert.equal((await lab.state()).settings.gamma, 316);
  // window.lab sets it too (the slider follows), and refuses a bad one by name, changing nothing
  await page.evaluate(() => window.lab.setSettings({ gamma: 0.05 }));
  assert.ok(Math.abs(Number(await slider.inputValue()) - Math.log10(0.05)) <= 0.005); // the slider steps by 0.01
  assert.equal(await page.inputValue("#rule-gamma"), "0.05");
  for (const bad of [{ gamma: -2 }, { gamma: "big" }, { beta: 1 }]) {
    const message = await page.evaluate((b) => {
      try {
        window.lab.setSettings(b);
        return "";
      } catch (e) {
        return e.message;
      }
    }, bad);
    assert.match(message, bad.beta ? /unknown rule setting "beta"; expected one of: gamma, notesEta/ : /gamma must be in \(0, ∞\), got/);
  }
  assert.equal((await lab.state()).settings.gamma, 0.05);
  // a small γ caps every embedding strength at γ; undo brings back γ = 316
  const soft = (await lab.state()).algorithms["soft-margin"];
  assert.ok(soft.embedding.every((x) => x <= 0.05 + 1e-12));
  await page.evaluate(() => window.lab.undo());
  assert.equal((await lab.state()).settings.gamma, 316);
  assert.equal(await page.inputValue("#rule-gamma"), "316");
  // the link carries it; a γ typed beyond the slider's range puts the slider at its end
  await page.evaluate(() => window.lab.setSettings({ gamma: 1e6 }));
  assert.equal(Number(await slider.inputValue()), Math.log10(hi));
  const url = await page.evaluate(() => location.href);
  const fresh = await launch();
  try {
    const other = await openLab(fresh.context, url);
    assert.equal((await other.page.evaluate(() => window.lab.getState())).settings.gamma, 1e6);
    assert.equal(await other.page.inputValue("#rule-gamma"), "1000000");
    assert.deepEqual(other.errors, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(lab.errors, []);
});
