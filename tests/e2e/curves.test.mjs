// End-to-end tests of the learning-curve panel: workers, charts, CSV, cancel; and the same
// numbers as the native CLI for the same seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LARGE_SWEEP, ROOT, SMALL_SWEEP, artifact, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();

const fill = async (id, value) => lab.page.fill(`#${id}`, String(value));

test("a small sweep from the form draws four charts and downloads its CSV", async () => {
  await fill("lc-n", 10);
  await fill("lc-alpha-start", 0.5);
  await fill("lc-alpha-stop", 4);
  await fill("lc-alpha-count", 8);
  await fill("lc-reps", 12);
  await fill("lc-epochs", 50);
  await lab.page.click("#lc-run");
  await lab.page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("done"), null, { timeout: 60_000 });
  // every chart has been drawn on (not blank white)
  for (const which of ["eps", "kappa", "train-error", "separable"]) {
    const inked = await lab.page.$eval(`#lc-chart-${which}`, (c) => {
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
      return n;
    });
    assert.ok(inked > 2000, `${which}: ${inked} dark pixels`);
  }
  await lab.page.locator("#curves").screenshot({ path: artifact("learning-curves.png") });
  const [download] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click("#lc-csv")]);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.equal(
    csv[0],
    "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,updates_mean,valid_reps,separable_fraction,random_separable_fraction,separable_fraction_sem,converged_fraction,converged_fraction_sem",
  );
  assert.equal(csv.length, 1 + 8 * 4, "one row per algorithm (4 checked by default) and α");
  // P = round(α N): α = 0.5 → P = 5
  assert.match(csv[1], /^rosenblatt,10,5,0\.5,12,/);
  // the PNG: every chart of the catalogue, two to a row, each 1120 × 760 px whatever the screen,
  // under a band of one 36 px line (and 16 px margins) naming the run; the charts on screen are
  // as before
  const { charts } = await lab.page.evaluate(() => window.lab.catalogue());
  const css = await lab.page.$eval("#lc-chart-eps", (c) => ({ w: c.width, h: c.height, dpr: window.devicePixelRatio, shown: c.clientWidth }));
  const [png] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click("#lc-png")]);
  const bytes = readFileSync(await png.path());
  assert.equal(bytes.subarray(1, 4).toString(), "PNG");
  assert.equal(bytes.readUInt32BE(16), 2 * 1120, "width: two charts of 1120 px");
  assert.equal(bytes.readUInt32BE(20), 2 * 16 + 36 + Math.ceil(charts.length / 2) * 760, "height: the band and one row per two charts");
  // on the screen, drawn for the width it is shown at (its text at its size in CSS px), in 560×380's proportions
  assert.equal(css.w, Math.round(css.shown * css.dpr));
  assert.ok(Math.abs(css.h / css.w - 380 / 560) < 0.01, `${css.w}×${css.h}`);
  assert.equal(await lab.page.$eval("#lc-chart-eps", (c) => c.width), css.w);
  assert.deepEqual(lab.errors, []);
});

test("cancelling a large sweep leaves the page usable and the points untouched", async () => {
  const before = await lab.page.evaluate(() => window.lab.getState().points);
  const run = lab.page.evaluate(
    (sweep) =>
      window.lab.runLearningCurve(sweep).then(
        () => "finished",
        (e) => e.name,
      ),
    LARGE_SWEEP,
  );
  await lab.page.waitForFunction(() => document.getElementById("lc-progress").value > 0, null, { timeout: 60_000 });
  // the page answers while the workers compute (how fast: bench/responsive.mjs)
  const during = await lab.page.evaluate(() => ({ points: window.lab.getState().points.length, progress: document.getElementById("lc-progress").value }));
  assert.equal(during.points, before.length);
  assert.ok(during.progress < 1, "the sweep is still running when the page answers");
  await lab.page.click("#lc-cancel");
  assert.equal(await run, "AbortError");
  assert.match(await lab.page.textContent("#lc-status"), /cancelled/);
  assert.deepEqual(await lab.page.evaluate(() => window.lab.getState().points), before);
  // and it still trains and runs sweeps
  await lab.page.evaluate(() =>
    window.lab.setPoints([
      { x: 1, y: 0, label: 1 },
      { x: -1, y: 0, label: -1 },
    ]),
  );
  assert.equal(await lab.page.evaluate(() => window.lab.getState().algorithms.exact.kappa), 1);
  const small = await lab.page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
  assert.equal(small.rows.length, 2);
  assert.deepEqual(lab.errors, []);
});

test("the page's workers and the native CLI give identical numbers for the same seed", async (_t) => {
  const cli = join(ROOT, "target", "release", "perceptron-lab");
  if (!existsSync(cli)) {
    // `make test` builds it before this suite; a missing binary is a failure, not a skip
    assert.fail(`${cli} is missing: run cargo build --release --bin perceptron-lab`);
  }
  const params = {
    n: 8,
    alphas: [0.5, 1.5, 3],
    reps: 6,
    // the Gibbs and Bayes students too: their chains (N = 8) run on libm's exp, log and
    // trigonometry, bit for bit the same natively and in wasm
    algorithms: ["rosenblatt", "hebb", "minover", "adatron", "gibbs", "bayes", "exact"],
    epochs: 30,
    seed: 11,
    noise: 0.1,
    labels: "teacher",
    stop: { kind: "epochs" },
  };
  const { csv } = await lab.page.evaluate((p) => window.lab.runLearningCurve(p), params);
  const native = execFileSync(
    cli,
    [
      "curve",
      "--algorithm",
      params.algorithms.join(","),
      "--n",
      "8",
      "--alpha",
      "0.5,1.5,3",
      "--reps",
      "6",
      "--epochs",
      "30",
      "--seed",
      "11",
      "--noise",
      "0.1",
      "--labels",
      "teacher",
      "--threads",
      "2",
    ],
    { encoding: "utf8" },
  )
    .trim()
    .split("\n");
  // the same columns; the CLI tests random labellings only when asked (NaN without it)
  assert.deepEqual(asCliColumns(csv.trim().split("\n")), native);
});

/** Some of the learning-curve form's values, as shown. */
const panelForm = (page) =>
  page.evaluate(() => ({
    n: document.getElementById("lc-n").value,
    reps: document.getElementById("lc-reps").value,
    stop: document.getElementById("lc-stop").value,
    gap: document.getElementById("lc-gap").value,
    labels: document.getElementById("lc-labels").value,
    algorithms: [...document.querySelectorAll("#lc-algorithms input:checked")].map((b) => b.value),
  }));

test("the learning-curve settings survive a reload and travel in a link; bad ones are refused with a message", async () => {
  const { page } = lab;
  const form = () => panelForm(page);
  await fill("lc-n", 15);
  await fill("lc-reps", 7);
  await page.selectOption("#lc-stop", "gap");
  await fill("lc-gap", 0.01);
  await page.selectOption("#lc-labels", "random");
  await page.uncheck('#lc-algorithms input[value="hebb"]');
  await page.check('#lc-algorithms input[value="adatron"]');
  const typed = await form();
  assert.deepEqual(typed, { n: "15", reps: "7", stop: "gap", gap: "0.01", labels: "random", algorithms: ["rosenblatt", "minover", "adatron", "exact"] });
  await page.reload();
  await page.evaluate(() => window.lab.ready);
  assert.deepEqual(await form(), typed, "after a reload");
  // the copied link, in a fresh browser with nothing stored
  const url = page.url();
  const fresh = await launch();
  try {
    const other = await openLab(fresh.context, url);
    assert.deepEqual(await panelForm(other.page), typed, "from the link");
    // a link whose settings are tampered with: the picture opens, the settings are refused by name
    const points = await other.page.evaluate(() => window.lab.getState().points);
    const bad = await other.page.evaluate(async () => {
      const { encodeHash } = await import(new URL("www/files/data-io.js", location.href).href);
      const state = { points: window.lab.getState().points, threshold: false, shown: {}, rules: { gamma: 1, notesEta: 0.1 }, seed: 1 };
      return encodeHash({ ...state, curves: { fields: { "lc-n": { evil: "<img src=x onerror=alert(1)>" } }, algorithms: [] } });
    });
    await other.page.goto(url.replace(/#.*$/, bad));
    await other.page.reload();
    await other.page.evaluate(() => window.lab.ready);
    assert.match(await other.page.textContent("#status"), /learning-curve settings were not used \(the learning-curve field lc-n is not a short text\)/);
    assert.deepEqual(await other.page.evaluate(() => window.lab.getState().points), points, "the picture still opens");
    assert.equal(await other.page.evaluate(() => document.getElementById("lc-n").value), "15", "the panel keeps what this browser had");
    assert.deepEqual(other.errors, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(lab.errors, []);
});

/** Sets the learning-curve form (`{id: value}` without the `lc-` prefix; `algorithms`: the boxes to tick) as a user would. */
async function setForm(page, { algorithms, ...fields }) {
  for (const [id, value] of Object.entries(fields)) {
    const sel = `#lc-${id}`;
    if ((await page.$eval(sel, (e) => e.tagName)) === "SELECT") await page.selectOption(sel, String(value));
    else await page.fill(sel, String(value));
  }
  if (algorithms) {
    // the boxes under "more" are folded away: tick them as the form's change event sees them
    await page.evaluate((names) => {
      for (const b of document.querySelectorAll("#lc-algorithms input")) b.checked = names.includes(b.value);
      document.getElementById("lc-algorithms").dispatchEvent(new Event("change", { bubbles: true }));
    }, algorithms);
  }
}

/** Runs the form's sweep (the Run button) and resolves its downloaded CSV's lines. */
async function runForm(page) {
  await page.click("#lc-run");
  await page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("done"), null, { timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv")]);
  return readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
}

/** The native CLI's output for `args`. */
function cli(args) {
  const bin = join(ROOT, "target", "release", "perceptron-lab");
  if (!existsSync(bin)) assert.fail(`${bin} is missing: run cargo build --release --bin perceptron-lab`);
  return execFileSync(bin, args, { encoding: "utf8" });
}

/**
 * The page's CSV lines as the CLI prints them without `--random-separability`: the same columns,
 * `random_separable_fraction` (the 14th) NaN.
 */
function asCliColumns(lines) {
  return lines.map((l, k) => {
    const c = l.split(",");
    if (k > 0) c[13] = "NaN";
    return c.join(",");
  });
}

/** Client coordinates of a chart point (its hit is in the canvas's backing-store pixels), the chart scrolled into view. */
const clientOf = (page, id, hit) =>
  page.$eval(
    `#${id}`,
    (c, h) => {
      c.scrollIntoView({ block: "center" }); // a click elsewhere (a button further down) may have scrolled it away
      const r = c.getBoundingClientRect();
      return { x: r.left + (h.x * r.width) / c.width, y: r.top + (h.y * r.height) / c.height };
    },
    hit,
  );

test("a random-label sweep: exact's κ is hollow where sets were dropped, absent with a note where none was separable, and the count shows on hover", async () => {
  const { page } = lab;
  const reps = 20;
  await setForm(page, {
    n: 10,
    "alpha-start": 0.5,
    "alpha-stop": 4,
    "alpha-count": 8,
    reps,
    budget: "epochs",
    epochs: 20,
    stop: "epochs",
    noise: 0,
    labels: "random",
    seed: 3,
    algorithms: ["minover", "exact"],
  });
  await runForm(page);
  // the counts from the native binary: valid_reps of exact at every α
  const native = cli([
    "curve",
    "--algorithm",
    "minover,exact",
    "--n",
    "10",
    "--alpha",
    "0.5:4:8",
    "--reps",
    String(reps),
    "--epochs",
    "20",
    "--seed",
    "3",
    "--labels",
    "random",
  ])
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","))
    .filter((c) => c[0] === "exact")
    .map((c) => ({ alpha: Number(c[3]), valid: Number(c[11]) }));
  assert.ok(
    native.some((r) => r.valid === 0),
    "some α has no separable set",
  );
  assert.ok(
    native.some((r) => r.valid > 0 && r.valid < reps),
    "some α has a few",
  );
  const { algorithms } = await page.evaluate(() => window.lab.catalogue());
  const black = algorithms.find((a) => a.name === "exact").color;
  const rgb = [1, 3, 5].map((i) => Number.parseInt(black.slice(i, i + 2), 16));
  const hits = await page.$eval("#lc-chart-kappa", (c) => /** @type {any} */ (c).chartHits);
  const note = (await page.getAttribute("#lc-chart-kappa", "aria-description")) ?? "";
  const none = native.filter((r) => r.valid === 0);
  assert.match(note, new RegExp(`exact optimum: no point at .*\\(none of the ${reps} sets is linearly separable there\\)`));
  if (none.length <= 4) for (const r of none) assert.ok(note.includes(String(r.alpha)), `the note names α = ${r.alpha}: ${note}`);
  else assert.ok(note.includes(`${none.length} values of α`), note);
  assert.match(note, /hollow/);
  for (const r of native) {
    const hit = hits.find((h) => h.algorithm === "exact" && h.alpha === r.alpha);
    if (r.valid === 0) {
      assert.equal(hit, undefined, `no exact point at α = ${r.alpha}`);
      continue;
    }
    assert.ok(hit, `an exact point at α = ${r.alpha}`);
    // the pixel at the point's centre: white inside a hollow ring, the rule's colour in a filled disc
    const px = await page.$eval("#lc-chart-kappa", (c, h) => [...c.getContext("2d").getImageData(Math.round(h.x), Math.round(h.y), 1, 1).data], hit);
    const white = px.slice(0, 3).every((v) => v > 245);
    const filled = px.slice(0, 3).every((v, i) => Math.abs(v - rgb[i]) < 40);
    if (r.valid < reps) assert.ok(white, `α = ${r.alpha}: ${r.valid} of ${reps} — hollow, got ${px}`);
    else assert.ok(filled, `α = ${r.alpha}: all ${reps} — filled, got ${px}`);
  }
  // the count on hover, over a hollow point and over a rule's
  const few = native.find((r) => r.valid > 0 && r.valid < reps);
  const at = await clientOf(
    page,
    "lc-chart-kappa",
    hits.find((h) => h.algorithm === "exact" && h.alpha === few.alpha),
  );
  await page.mouse.move(at.x, at.y);
  assert.equal(await page.isVisible("#lc-tip"), true);
  const tip = await page.textContent("#lc-tip");
  assert.ok(tip.startsWith(`exact optimum at α = ${few.alpha}: κ averaged over ${few.valid} of ${reps} sets (the others are not separable)`), tip);
  await page.locator("#curves").screenshot({ path: artifact("learning-curves-hollow.png") });
  const minover = hits.find((h) => h.algorithm === "minover" && h.alpha === few.alpha);
  const at2 = await clientOf(page, "lc-chart-kappa", minover);
  await page.mouse.move(at2.x, at2.y);
  const tip2 = await page.textContent("#lc-tip");
  assert.ok(tip2.startsWith(`MinOver at α = ${few.alpha}: κ averaged over all ${reps} sets`), tip2);
  assert.match(tip2, /click: trace/);
  await page.mouse.move(0, 0);
  assert.equal(await page.isVisible("#lc-tip"), false);
  assert.deepEqual(lab.errors, []);
});

test("the form's step budget and angle stop give the CLI's rows (--updates T, --stop angle:TOL:T)", async () => {
  const { page } = lab;
  await setForm(page, {
    n: 8,
    "alpha-start": 0.5,
    "alpha-stop": 3,
    "alpha-count": 6,
    reps: 6,
    budget: "updates",
    updates: 150,
    stop: "epochs",
    noise: 0.1,
    labels: "teacher",
    seed: 11,
    algorithms: ["rosenblatt", "hebb", "minover", "adatron", "exact"],
  });
  assert.equal(await page.isVisible("#lc-epochs"), false, "the epoch limit is not asked for with a budget of updates");
  // the rows come in the order of the panel's boxes: the CLI is given the same order
  const order = await page.$$eval("#lc-algorithms input:checked", (bs) => bs.map((b) => /** @type {HTMLInputElement} */ (b).value).join(","));
  const common = ["--algorithm", order, "--n", "8", "--alpha", "0.5:3:6", "--reps", "6", "--seed", "11", "--noise", "0.1", "--threads", "2"];
  assert.deepEqual(
    asCliColumns(await runForm(page)),
    cli(["curve", ...common, "--updates", "150"])
      .trim()
      .split("\n"),
  );
  await setForm(page, { budget: "epochs", epochs: 30, stop: "angle", angle: 0.001, "angle-block": 40 });
  assert.equal(await page.isVisible("#lc-updates"), false);
  assert.equal(await page.isVisible("#lc-gap"), false, "the gap tolerance is not asked for with the angle stop");
  assert.deepEqual(
    asCliColumns(await runForm(page)),
    cli(["curve", ...common, "--epochs", "30", "--stop", "angle:0.001:40"])
      .trim()
      .split("\n"),
  );
  assert.deepEqual(lab.errors, []);
});

test("a click on a rule's point traces that run, and the Trace button the form's: each CSV is the CLI's trace", async () => {
  const { page } = lab;
  // the sweep of the previous test (N = 8, λ = 0.1, seed 11), here with a budget of 150 updates
  await setForm(page, { budget: "updates", updates: 150, stop: "epochs" });
  await runForm(page);
  const hits = await page.$eval("#lc-chart-eps", (c) => /** @type {any} */ (c).chartHits);
  const hit = hits.find((h) => h.algorithm === "minover" && h.alpha === 3);
  const at = await clientOf(page, "lc-chart-eps", hit);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => /rows/.test(document.getElementById("lc-trace-status").textContent), null, { timeout: 60_000 });
  const traceCsv = async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-trace-csv")]);
    return readFileSync(await download.path(), "utf8");
  };
  // a row every ⌈150 / 400⌉ = 1 step: the run of `trace` at α = 3 with the sweep's settings
  const args = ["trace", "--algorithm", "minover", "--n", "8", "--alpha", "3", "--seed", "11", "--updates", "150", "--every", "1", "--noise", "0.1"];
  const first = await traceCsv();
  assert.equal(first, cli(args));
  assert.equal(first.split("\n")[0], "t,updates,kappa,kappa_upper,eps_g,train_error");
  assert.equal(await page.textContent("#lc-trace-command"), `The same run from the command line: perceptron-lab ${args.join(" ")}`);
  assert.equal(await page.inputValue("#lc-trace-algorithm"), "minover");
  const inked = await page.$eval("#lc-trace-chart", (c) => {
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
    return n;
  });
  assert.ok(inked > 3000, `the trace is drawn (${inked} dark pixels)`);
  await page.locator("#lc-trace").screenshot({ path: artifact("learning-curve-trace.png") });
  // the Trace button: AdaTron at α = 2 with the form's settings (100 epochs, the angle stop):
  // P = 16, a row every ⌈100·16 / 400⌉ = 4 steps
  await setForm(page, { budget: "epochs", epochs: 100, stop: "angle", angle: 0.001, "angle-block": "" });
  await page.selectOption("#lc-trace-algorithm", "adatron");
  await page.fill("#lc-trace-alpha", "2");
  await page.click("#lc-trace-run");
  await page.waitForFunction(() => /every 4 steps/.test(document.getElementById("lc-trace-status").textContent), null, { timeout: 60_000 });
  const args2 = [
    "trace",
    "--algorithm",
    "adatron",
    "--n",
    "8",
    "--alpha",
    "2",
    "--seed",
    "11",
    "--epochs",
    "100",
    "--every",
    "4",
    "--noise",
    "0.1",
    "--stop",
    "angle:0.001",
  ];
  assert.equal(await traceCsv(), cli(args2));
  // exact is not a training rule: its points show their count but trace nothing
  // (one no other series' point lies exactly on: of coinciding points a click takes the last drawn)
  const epsHits = await page.$eval("#lc-chart-eps", (c) => /** @type {any} */ (c).chartHits);
  const exactHit = epsHits.find((h) => h.algorithm === "exact" && epsHits.every((o) => o === h || Math.hypot(o.x - h.x, o.y - h.y) > 1));
  const at3 = await clientOf(page, "lc-chart-eps", exactHit);
  await page.mouse.click(at3.x, at3.y);
  assert.match(await page.textContent("#lc-trace-status"), /exact .* has no trace/);
  assert.deepEqual(lab.errors, []);
});

test("an α whose sets hold no example is refused as the command line refuses it, from the form and from lab.runLearningCurve; nothing runs", async () => {
  const { page } = lab;
  const words = "α = 0.01 gives P = round(αN) = 0 examples at N = 20: α must be in [0.025, ∞) (P ≥ 1)";
  await assert.rejects(
    page.evaluate(() =>
      window.lab.runLearningCurve({
        n: 20,
        alphas: [0.01, 1],
        reps: 2,
        algorithms: ["hebb"],
        epochs: 10,
        seed: 1,
        noise: 0,
        labels: "teacher",
        stop: { kind: "epochs" },
      }),
    ),
    (e) => e.message.includes(words),
  );
  await fill("lc-n", 20);
  await fill("lc-alpha-start", 0.01);
  await fill("lc-alpha-stop", 1);
  await fill("lc-alpha-count", 3);
  await fill("lc-reps", 2);
  await page.click("#lc-run");
  await page.waitForFunction(() => /^Not run/.test(document.getElementById("lc-status").textContent));
  assert.ok((await page.textContent("#lc-status")).includes(words), await page.textContent("#lc-status"));
  assert.equal((await page.evaluate(() => window.lab.getState().sweep)).running, false);
  assert.deepEqual(lab.errors, []);
});
