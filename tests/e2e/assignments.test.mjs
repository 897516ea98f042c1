// The course assignments as presets of the learning-curve lab: each fills the form with the
// parameters of one of docs/cli.md's `perceptron-lab curve` command lines (and every line has its
// preset), previews the theory curves of its charts without running; Run then gives exactly the
// CLI's rows for that line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, artifact, useLab } from "./harness.mjs";

const lab = useLab();
const CLI = join(ROOT, "target", "release", "perceptron-lab");

/**
 * The `perceptron-lab curve` command lines of docs/cli.md's list of the course reports'
 * experiments (the first `sh` block after "The course reports' experiments"), `for V in a b c;
 * do …; done` loops expanded, each as its arguments `{flag: value}` (the redirection dropped).
 */
function readmeCurves() {
  const readme = readFileSync(join(ROOT, "docs", "cli.md"), "utf8");
  const from = readme.indexOf("The course reports' experiments");
  assert.ok(from >= 0, "the README lists the course reports' experiments");
  const start = readme.indexOf("```sh\n", from) + 6;
  const block = readme.slice(start, readme.indexOf("```", start));
  const out = [];
  for (const line of block.split("\n")) {
    if (!line.includes("perceptron-lab curve")) continue;
    const loop = line.match(/^for (\w+) in ([^;]+); do (.*); done$/);
    const commands = loop
      ? loop[2]
          .trim()
          .split(/\s+/)
          .map((v) => loop[3].replaceAll(`$${loop[1]}`, v))
      : [line];
    for (const command of commands) {
      const words = command.replace(/>.*$/, "").trim().split(/\s+/);
      if (words[0] !== "perceptron-lab" || words[1] !== "curve") continue;
      const args = {};
      for (let i = 2; i < words.length; i += 2) {
        assert.match(words[i], /^--/, `${command}: "${words[i]}" is not a flag`);
        args[words[i].slice(2)] = words[i + 1];
      }
      out.push(args);
    }
  }
  return out;
}

/**
 * The arguments of `curve` for the form as shown (read from the inputs here, not from the page's
 * code), in docs/cli.md's spelling: defaults (no noise, teacher labels, the stop at the limit) left out.
 */
const formAsArgs = (page) =>
  page.evaluate(() => {
    const v = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)).value;
    const args = {
      algorithm: [...document.querySelectorAll("#lc-algorithms input:checked")].map((b) => /** @type {HTMLInputElement} */ (b).value),
      n: v("lc-n"),
      alpha: `${v("lc-alpha-start")}:${v("lc-alpha-stop")}:${v("lc-alpha-count")}`,
      reps: v("lc-reps"),
      seed: v("lc-seed"),
    };
    if (v("lc-budget") === "updates") args.updates = v("lc-updates");
    else args.epochs = v("lc-epochs");
    if (Number(v("lc-noise")) !== 0) args.noise = v("lc-noise");
    if (v("lc-labels") !== "teacher") args.labels = v("lc-labels");
    if (v("lc-stop") !== "epochs") args.stop = v("lc-stop");
    // the inputs of the budget not chosen are hidden
    const shown = (id) => !document.getElementById(id).closest("label").hidden;
    args.visible = { epochs: shown("lc-epochs"), updates: shown("lc-updates") };
    return args;
  });

/** Arguments compared as text: flags in order, algorithms as a set (sorted), numbers as numbers. */
function normal(args) {
  const out = {};
  for (const [k, v] of Object.entries(args).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (k === "visible") continue;
    if (k === "algorithm") out[k] = (Array.isArray(v) ? v : v.split(",")).slice().sort();
    else if (k === "alpha") out[k] = v.split(":").map(Number);
    else if (k === "labels" || k === "stop") out[k] = v;
    else out[k] = Number(v);
  }
  return out;
}

/** Pixels of the colour `hex` (±12 per channel) on a chart canvas. */
const pixelsOf = (page, id, hex) =>
  page.$eval(
    `#${id}`,
    (c, hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      const d = /** @type {HTMLCanvasElement} */ (c).getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) <= 12 && Math.abs(d[i + 1] - g) <= 12 && Math.abs(d[i + 2] - b) <= 12) n++;
      return n;
    },
    hex,
  );

test("every assignment preset fills the form with one README command line's parameters, and every line has its preset", async () => {
  const { page } = lab;
  const readme = readmeCurves();
  // the reports' experiments: t_max ∈ {20, 100, 5000} in updates and in epochs, λ ∈ {0.1 … 0.5}, N ∈ {5, 20, 150}, random labels,
  // and the storage assignment at N ∈ {20, 40, 100}
  assert.equal(readme.length, 3 + 3 + 5 + 3 + 1 + 3, JSON.stringify(readme));
  // one preset per line; a preset of several sweeps (the storage assignment's N = 20, 40, 100 on
  // one chart: tests/e2e/storage-assignment.test.mjs) runs lines that have their own presets
  const ids = await page.$$eval("#lc-assignment option", (os) =>
    os
      .filter((o) => !(/** @type {HTMLOptionElement} */ (o).dataset.runs))
      .map((o) => /** @type {HTMLOptionElement} */ (o).value)
      .filter(Boolean),
  );
  assert.equal(ids.length, readme.length, `${ids.length} presets for ${readme.length} README lines`);
  const matched = new Set();
  const { theoryCurves } = await page.evaluate(() => window.lab.catalogue());
  const color = (name) => theoryCurves.find((c) => c.name === name).color;
  for (const id of ids) {
    await page.selectOption("#lc-assignment", id);
    const form = await formAsArgs(page);
    const mine = normal(form);
    const k = readme.findIndex((args) => JSON.stringify(normal(args)) === JSON.stringify(mine));
    assert.ok(k >= 0, `preset ${id}: no README line has ${JSON.stringify(mine)}`);
    assert.ok(!matched.has(k), `preset ${id}: README line ${k} already has a preset`);
    matched.add(k);
    assert.deepEqual(form.visible, { epochs: form.epochs !== undefined, updates: form.updates !== undefined }, `${id}: the budget's input shows`);
    // not run: the status asks for Run, nothing to export
    assert.match(await page.textContent("#lc-status"), /press Run/);
    assert.equal(await page.isDisabled("#lc-csv"), true);
    assert.notEqual(await page.textContent("#lc-assignment-what"), "");
    // the theory overlays of its labels: Gardner's κ_max for random labels, the maximal-stability ε_g for a teacher
    if (mine.labels === "random") {
      assert.ok((await pixelsOf(page, "lc-chart-kappa", color("gardner"))) > 200, `${id}: Gardner's curve`);
    } else {
      assert.ok((await pixelsOf(page, "lc-chart-eps", color("maxstab"))) > 200, `${id}: the maximal-stability curve`);
      assert.ok((await pixelsOf(page, "lc-chart-kappa", color("maxstab-kappa"))) > 200, `${id}: the maximal-stability κ`);
    }
  }
  assert.equal(matched.size, readme.length);
  // the preset stays named in the menu until the form is edited
  await page.fill("#lc-reps", "7");
  assert.equal(await page.inputValue("#lc-assignment"), "");
  assert.deepEqual(lab.errors, []);
});

test("Run after the random-label preset gives the README line's rows (the CLI's), exact's hollow points and their counts", async () => {
  if (!existsSync(CLI)) assert.fail(`${CLI} is missing: run cargo build --release --bin perceptron-lab`);
  const { page } = lab;
  await page.selectOption("#lc-assignment", "random-labels");
  await page.screenshot({ path: artifact("assignment-preview.png"), fullPage: true });
  await page.click("#lc-run");
  await page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("done"), null, { timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv")]);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  const line = readmeCurves().find((a) => a.labels === "random");
  const native = execFileSync(CLI, ["curve", ...Object.entries(line).flatMap(([k, v]) => [`--${k}`, v]), "--threads", "2"], { encoding: "utf8" })
    .trim()
    .split("\n");
  // the same columns; the CLI tests random labellings only when asked (NaN without it)
  const asCli = csv.map((l, k) => {
    const c = l.split(",");
    if (k > 0) c[13] = "NaN";
    return c.join(",");
  });
  // the same rows, in the page's order of algorithms (the catalogue's) rather than the line's
  assert.deepEqual(asCli.slice().sort(), native.slice().sort());
  // exact's κ: hollow where fewer than the 100 sets were separable
  const hits = await page.$eval("#lc-chart-kappa", (c) => /** @type {any} */ (c).chartHits);
  const exactRows = native
    .slice(1)
    .map((l) => l.split(","))
    .filter((c) => c[0] === "exact");
  const hollow = exactRows.filter((c) => Number(c[11]) < 100);
  assert.ok(hollow.length > 3, "at N = 20 up to α = 2 some sets are not separable");
  for (const c of exactRows) {
    const hit = hits.find((h) => h.algorithm === "exact" && h.alpha === Number(c[3]));
    assert.ok(hit, `exact at α = ${c[3]}`);
    assert.equal(hit.hollow, Number(c[11]) < 100, `exact at α = ${c[3]}: ${c[11]} of 100`);
  }
  // the panel as a student leaves it (hollow points, notes, a trace, the count on hover) passes an
  // accessibility audit (axe-core, as tests/e2e/a11y.test.mjs runs it)
  await page.click("#lc-trace-run");
  await page.waitForFunction(() => /rows/.test(document.getElementById("lc-trace-status").textContent), null, { timeout: 60_000 });
  const hollowHit = hits.find((h) => h.hollow);
  const at = await page.$eval(
    "#lc-chart-kappa",
    (c, h) => {
      const r = c.getBoundingClientRect();
      return { x: r.left + (h.x * r.width) / c.width, y: r.top + (h.y * r.height) / c.height };
    },
    hollowHit,
  );
  await page.mouse.move(at.x, at.y);
  assert.equal(await page.isVisible("#lc-tip"), true);
  await page.evaluate(readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8"));
  const violations = await page.evaluate(async () =>
    (await window.axe.run(document.getElementById("curves"))).violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) })),
  );
  assert.deepEqual(violations, []);
  assert.deepEqual(lab.errors, []);
});
