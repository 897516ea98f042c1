// End-to-end tests of data in and out: import (good and hostile files), export round trip, the
// state in the URL (a copied link in a fresh browser), a tampered link and a corrupted store.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIX, launch, openGroups, openLab, useLab } from "./harness.mjs";

const lab = useLab();

const importText = (name, text) => lab.page.setInputFiles("#import-file", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
const status = () => lab.page.textContent("#status");

test("a good CSV imports (0/1 labels, extra columns named), and a JSON too", async () => {
  await lab.setPoints(SIX);
  await importText("good.csv", "id,x1,x2,label,colour\n1,0.5,1.5,1,red\n2,-1,-2,0,blue\n");
  await lab.page.waitForFunction(() => /Imported/.test(document.getElementById("status").textContent));
  assert.deepEqual((await lab.state()).points, [
    { x: 0.5, y: 1.5, label: 1 },
    { x: -1, y: -2, label: -1 },
  ]);
  assert.match(await status(), /ignored column\(s\): id, colour/);
  await importText("good.json", JSON.stringify({ points: SIX, threshold: true }));
  await lab.page.waitForFunction(() => /good\.json/.test(document.getElementById("status").textContent));
  const s = await lab.state();
  assert.deepEqual(s.points, SIX);
  assert.equal(s.threshold, true);
  await lab.setThreshold(false);
});

test("a file dropped on the page imports; a bad dropped file is refused and changes nothing", async () => {
  await lab.setPoints(SIX);
  const drop = async (name, text) => {
    const dataTransfer = await lab.page.evaluateHandle(
      ([name, text]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: "text/csv" }));
        return dt;
      },
      [name, text],
    );
    await lab.page.dispatchEvent("body", "dragover", { dataTransfer });
    await lab.page.dispatchEvent("body", "drop", { dataTransfer });
    await lab.page.waitForFunction((n) => document.getElementById("status").textContent.includes(n), name);
  };
  await drop("dropped.csv", "x,y,label\n1,1,1\n-1,-1,0\n");
  assert.deepEqual((await lab.state()).points, [
    { x: 1, y: 1, label: 1 },
    { x: -1, y: -1, label: -1 },
  ]);
  await drop("dropped-bad.csv", "x,y,label\n1,1,1\n2,oops,1\n");
  assert.match(await status(), /^Not imported — .*dropped-bad\.csv.*line 3/);
  assert.equal((await lab.state()).points.length, 2, "the dropped good points stay");
  // undo goes back to the points before the drop
  await lab.page.click("#undo");
  assert.deepEqual((await lab.state()).points, SIX);
  assert.deepEqual(lab.errors, []);
});

/** Hostile files: each must be refused with a message naming the file and the problem. */
const HOSTILE = [
  ["empty.csv", "", /empty/],
  ["blank.csv", "\n\n  \n", /empty/],
  ["no-label.csv", "x1,x2\n1,2\n", /x1,x2,label/],
  ["wrong-columns.csv", "a,b,c\n1,2,3\n", /x1,x2,label/],
  ["short-row.csv", "x,y,label\n1,2,1\n3,4\n", /line 3: expected 3 fields, found 2/],
  ["long-row.csv", "x,y,label\n1,2,1,9\n", /line 2: expected 3 fields, found 4/],
  ["nan.csv", "x,y,label\nNaN,1,1\n", /line 2: column x: NaN is not finite/],
  ["inf.csv", "x,y,label\n1,inf,1\n", /line 2: column y: inf is not finite/],
  ["huge.csv", "x,y,label\n1e400,1,1\n", /line 2: column x: "1e400" is out of range/],
  ["word.csv", "x,y,label\none,2,1\n", /line 2: column x: "one" is not a number/],
  ["label-2.csv", "x,y,label\n1,2,2\n", /line 2: label 2 is not one of/],
  ["label-word.csv", "x,y,label\n1,2,yes\n", /"yes" is not a number/],
  [
    "label-mixed.csv",
    "x,y,label\n1,2,1\n3,4,0\n5,6,-1\n",
    /line 4: label -1 mixes the two label conventions: line 3 has label 0, and a set's labels are either −1, \+1 or 0, 1, not both/,
  ],
  ["dup-header.csv", "x,y,label\nx,y,label\n1,2,1\n", /line 2: column x: "x" is not a number/],
  ["crlf-bad.csv", "x,y,label\r\n1,2,1\r\n1,,1\r\n", /line 3: column y: "" is not a number/],
  ["bom-bad.csv", "\ufeffx,y\n1,2\n", /x1,x2,label/],
  ["binary.csv", "\u0000\u0001\u0002PK\u0003\u0004", /x1,x2,label|not a number/],
  ["too-many.csv", `x,y,label\n${"1,1,1\n".repeat(10_001)}`, /10001 points is too many: at most 10000/],
  ["header-only.csv", "x,y,label\n", /line 1: the header x,y,label is followed by no rows: the file has no points/],
  ["quoted-header-only.csv", '\n"x","y","label"\r\n\r\n', /line 2: the header x,y,label is followed by no rows/],
  ["unclosed-quote.csv", 'x,y,label\n"1,2,1\n', /line 2: expected 3 fields, found 1/],
  ["bad.json", "{not json", /not valid JSON/],
  ["empty.json", "[]", /the file has no points/],
  ["json-shape.json", '{"pts": []}', /expected an array of \{x, y, label\}/],
  ["json-nan.json", '[{"x": "NaN", "y": 0, "label": 1}]', /x must be a number, got "NaN"/],
  ["json-label.json", '[{"x": 1, "y": 0, "label": 7}]', /label 7 is not one of/],
  ["json-label-mixed.json", '[{"x": 1, "y": 0, "label": -1}, {"x": 0, "y": 1, "label": 0}]', /point 1: label 0 mixes the two label conventions: point 0 has label -1/],
  ["json-threshold.json", '{"points": [], "threshold": "yes"}', /"threshold" must be true or false/],
];

test(`${HOSTILE.length} hostile files are refused with a clear message and the points are kept`, async () => {
  await lab.setPoints(SIX);
  await lab.setThreshold(false);
  for (const [name, text, pattern] of HOSTILE) {
    await lab.page.evaluate(() => {
      document.getElementById("status").textContent = "";
    });
    await importText(name, text);
    await lab.page.waitForFunction(() => document.getElementById("status").textContent.length > 0);
    const msg = await status();
    assert.match(msg, /^Not imported — /, `${name}: ${msg}`);
    assert.ok(msg.includes(name), `${name}: the message names the file: ${msg}`);
    assert.match(msg, pattern, `${name}: ${msg}`);
    assert.deepEqual((await lab.state()).points, SIX, `${name}: points unchanged`);
  }
  // a million rows is refused too (by size or by count), without freezing the page
  await importText("million.csv", `x,y,label\n${"1.5,2.5,1\n".repeat(1_000_000)}`);
  await lab.page.waitForFunction(() => /million\.csv/.test(document.getElementById("status").textContent));
  assert.match(await status(), /too (large|many)/);
  assert.deepEqual((await lab.state()).points, SIX);
  // a 7.8 MB file, under the 8 MiB cap but too long to parse without blocking the tab: refused by its count of rows, before any is parsed
  const big = `x,y,label\n${"1,2,1\n".repeat(1_300_000)}`;
  assert.ok(big.length < 8 << 20);
  await importText("big.csv", big);
  await lab.page.waitForFunction(() => /big\.csv/.test(document.getElementById("status").textContent));
  assert.match(await status(), /^Not imported — big\.csv: 1300000 points is too many: at most 10000 are allowed\. Your points are unchanged\.$/);
  assert.deepEqual((await lab.state()).points, SIX);
  assert.deepEqual(lab.errors, []);
});

test("quoted fields as R's write.csv writes them are read, its row names ignored and named", async () => {
  await lab.setPoints(SIX);
  await importText("from-r.csv", '"","x","y","label"\r\n"1",1.5,2,1\r\n"2",-1,0.5,0\r\n');
  await lab.page.waitForFunction(() => document.getElementById("status").textContent.includes("from-r.csv"));
  assert.match(await status(), /^Imported 2 points from from-r\.csv\. Note: ignored column\(s\): \(unnamed\)/);
  assert.deepEqual((await lab.state()).points, [
    { x: 1.5, y: 2, label: 1 },
    { x: -1, y: 0.5, label: -1 },
  ]);
  assert.deepEqual(lab.errors, []);
});

test("export CSV and JSON round-trip through import", async () => {
  await lab.setPoints(SIX);
  for (const [button, name] of [
    ["#export-csv", "points.csv"],
    ["#export-json", "points.json"],
  ]) {
    const [download] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click(button)]);
    assert.equal(download.suggestedFilename(), name);
    const text = readFileSync(await download.path(), "utf8");
    await lab.setPoints([{ x: 9, y: 9, label: 1 }]);
    await importText(name, text);
    await lab.page.waitForFunction((n) => document.getElementById("status").textContent.includes(`from ${n}`), name);
    assert.deepEqual((await lab.state()).points, SIX, name);
  }
});

test("a copied link opens the same picture in a fresh browser; a tampered link and a corrupted store leave a usable page", async () => {
  await lab.setPoints(SIX.slice(0, 5));
  await lab.setThreshold(true);
  const before = await lab.state();
  const url = lab.page.url();
  assert.match(url, /#v1:/);
  const fresh = await launch();
  try {
    const { page, errors } = await openLab(fresh.context, url);
    const after = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(after.points, before.points);
    assert.equal(after.threshold, true);
    assert.deepEqual(after.algorithms.exact.w, before.algorithms.exact.w);
    // tampered link: a message, and a page that works
    for (const hash of ["#v1:!!!", "#v1:e30", "#v9:abc", "#garbage"]) {
      await page.goto(url.replace(/#.*$/, hash));
      await page.reload();
      await page.evaluate(() => window.lab.ready);
      assert.match(await page.textContent("#status"), /could not be opened/, hash);
      await page.evaluate(() =>
        window.lab.setPoints([
          { x: 1, y: 0, label: 1 },
          { x: -1, y: 0, label: -1 },
        ]),
      );
      assert.equal(await page.evaluate(() => window.lab.getState().algorithms.exact.kappa), 1, hash);
    }
    // corrupted local storage, no link
    await page.evaluate(() => localStorage.setItem("perceptron-lab/v2", "{broken"));
    await page.goto(url.replace(/#.*$/, ""));
    await page.evaluate(() => window.lab.ready);
    assert.match(await page.textContent("#status"), /saved state could not be read/);
    assert.ok((await page.evaluate(() => window.lab.getState().points)).length > 0, "the preset is shown");
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});

test("the URL decoder, fuzzed: any hash gives a picture or a clear Error, never anything else", async () => {
  const outcome = await lab.page.evaluate(async () => {
    const { decodeHash, encodeHash } = await import(new URL("www/files/data-io.js", location.href).href);
    // a seeded generator, so a failure can be replayed
    let s = 12345;
    const rand = () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
    const good = encodeHash({
      points: [
        { x: 1, y: 2, label: 1 },
        { x: -3, y: 0.5, label: -1 },
      ],
      threshold: true,
    });
    const alphabet = 'ABCabc019-_+/=:#v!%{}[],"\\ ';
    const cases = [];
    for (let k = 0; k < 3000; k++) {
      const r = rand();
      if (r < 0.3) {
        cases.push(good.slice(0, Math.floor(rand() * good.length))); // truncated
      } else if (r < 0.6) {
        const chars = good.split("");
        chars[Math.floor(rand() * chars.length)] = alphabet[Math.floor(rand() * alphabet.length)];
        cases.push(chars.join("")); // one character changed
      } else {
        const n = Math.floor(rand() * 40);
        cases.push(`#v1:${Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("")}`);
      }
    }
    let pictures = 0;
    let errors = 0;
    for (const hash of cases) {
      try {
        const v = decodeHash(hash);
        if (v !== null) {
          if (!Array.isArray(v.points) || typeof v.threshold !== "boolean") return `bad shape for ${hash}`;
          // the picture still goes through the page's validation, which must throw Errors only
          try {
            window.lab.setPoints(v.points);
          } catch (e) {
            if (!(e instanceof Error)) return `setPoints threw a non-Error for ${hash}`;
          }
          pictures++;
        }
      } catch (e) {
        if (!(e instanceof Error) || !/link's state/.test(e.message)) return `unexpected ${e} for ${hash}`;
        errors++;
      }
    }
    return { pictures, errors };
  });
  assert.equal(typeof outcome, "object", String(outcome));
  assert.ok(outcome.errors > 1000 && outcome.pictures > 0, JSON.stringify(outcome));
  assert.equal(await lab.page.evaluate(() => typeof window.lab.getState().points.length), "number");
  assert.deepEqual(lab.errors, []);
});

test("PNG exports of both views are at projector resolution", async () => {
  await lab.setPoints(SIX);
  for (const [button, canvas] of [
    ["#export-png-data", "#data-view"],
    ["#export-png-weights", "#weight-view"],
  ]) {
    const css = await lab.page.$eval(canvas, (c) => c.clientWidth);
    const [download] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click(button)]);
    const png = readFileSync(await download.path());
    assert.equal(png.subarray(1, 4).toString(), "PNG");
    const width = png.readUInt32BE(16);
    assert.ok(Math.abs(width - 3 * css) <= 3, `${button}: ${width} px for ${css} CSS px`);
    // the view on screen is back to its own size
    assert.equal(await lab.page.$eval(canvas, (c) => c.width), Math.round(css));
  }
});

test("a state saved by the first format (perceptron-lab/v1) and a link of the first release still open (migration)", async () => {
  const fresh = await launch();
  try {
    const { page, errors } = await openLab(fresh.context, lab.server.url);
    // the first format: the state's own keys, points as {x, y, label}, `shown` as a map
    const old = {
      version: 1,
      points: SIX.slice(0, 4),
      threshold: true,
      teacher: null,
      shown: { rosenblatt: true, minover: false, adatron: true, exact: true, hebb: true },
      rules: { gamma: 2.5, notesEta: 0.2 },
      view: { cx: 0, cy: 0, half: 5 },
      seed: 7,
      curves: null,
      projector: false,
      explanations: true,
    };
    await page.evaluate((o) => {
      localStorage.clear();
      localStorage.setItem("perceptron-lab/v1", JSON.stringify(o));
    }, old);
    await page.goto(lab.server.url);
    await page.evaluate(() => window.lab.ready);
    const s = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(s.points, old.points);
    assert.equal(s.threshold, true);
    assert.ok(s.algorithms.hebb, "hebb was shown, so it is trained");
    assert.equal(await page.isChecked("#show-minover"), false);
    assert.equal(await page.inputValue("#rule-gamma"), "2.5");
    const stored = await page.evaluate(() => ({ v1: localStorage.getItem("perceptron-lab/v1"), v2: JSON.parse(localStorage.getItem("perceptron-lab/v2")) }));
    assert.equal(stored.v1, null, "the old entry is replaced");
    assert.equal(stored.v2.version, 2);
    assert.deepEqual(
      stored.v2.p,
      old.points.map((p) => [p.x, p.y, p.label]),
    );
    // a link of the first release: only points and mode (base64url of {"p": …, "t": 0})
    const json = JSON.stringify({ p: SIX.map((p) => [p.x, p.y, p.label]), t: 0 });
    const hash = `#v1:${Buffer.from(json).toString("base64url")}`;
    await page.goto(`${lab.server.url}${hash}`);
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    const linked = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(linked.points, SIX);
    assert.equal(linked.threshold, false);
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});

test("learning-curve settings saved before the step budget and the angle stop still open (stored, linked, first format)", async () => {
  const fresh = await launch();
  try {
    const { page, errors } = await openLab(fresh.context, lab.server.url);
    // the form as the release before saved it: no lc-budget, lc-updates, lc-angle, lc-angle-block
    const old = {
      fields: {
        "lc-n": "9",
        "lc-alpha-start": "1",
        "lc-alpha-stop": "2",
        "lc-alpha-count": "2",
        "lc-reps": "3",
        "lc-epochs": "40",
        "lc-stop": "gap",
        "lc-gap": "0.01",
        "lc-noise": "0",
        "lc-labels": "teacher",
        "lc-seed": "4",
      },
      algorithms: ["hebb", "minover"],
    };
    const points = [
      [1, 2, 1],
      [-1, -2, -1],
    ];
    const form = () =>
      page.evaluate(() => {
        const v = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id)).value;
        const shown = (id) => !document.getElementById(id).closest("label").hidden;
        return {
          n: v("lc-n"),
          epochs: v("lc-epochs"),
          stop: v("lc-stop"),
          gap: v("lc-gap"),
          budget: v("lc-budget"),
          shown: { epochs: shown("lc-epochs"), updates: shown("lc-updates"), gap: shown("lc-gap"), angle: shown("lc-angle") },
        };
      });
    const expected = (n) => ({ n, epochs: "40", stop: "gap", gap: "0.01", budget: "epochs", shown: { epochs: true, updates: false, gap: true, angle: false } });
    // stored in this browser by the release before
    await page.evaluate(
      ({ c, p }) => {
        localStorage.clear();
        localStorage.setItem("perceptron-lab/v2", JSON.stringify({ version: 2, p, t: 0, c }));
      },
      { c: old, p: points },
    );
    await page.goto(lab.server.url);
    await page.evaluate(() => window.lab.ready);
    assert.deepEqual(await form(), expected("9"));
    assert.doesNotMatch(await page.textContent("#status"), /not used/);
    // and it runs: 2 α × 2 algorithms, the old epoch limit (no step budget), P = round(α·9)
    await openGroups(page);
    await page.click("#lc-run");
    await page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("done"), null, { timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv")]);
    const csv = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\n");
    assert.equal(csv.length, 1 + 2 * 2);
    assert.match(csv[1], /^minover,9,9,1,3,/);
    // a link of the release before, with its form
    const json = JSON.stringify({ p: points, t: 0, c: { ...old, fields: { ...old.fields, "lc-n": "11" } } });
    await page.goto(`${lab.server.url}#v1:${Buffer.from(json).toString("base64url")}`);
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    assert.deepEqual(await form(), expected("11"));
    // a state of the first format (perceptron-lab/v1) with the learning-curve form it kept
    await page.evaluate(
      ({ c, p }) => {
        localStorage.clear();
        localStorage.setItem("perceptron-lab/v1", JSON.stringify({ version: 1, points: p.map(([x, y, label]) => ({ x, y, label })), threshold: false, curves: c }));
      },
      { c: { ...old, fields: { ...old.fields, "lc-n": "13" } }, p: points },
    );
    await page.goto(lab.server.url);
    await page.evaluate(() => window.lab.ready);
    assert.deepEqual(await form(), expected("13"));
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});
