// Offline: once loaded, the page works with the network cut (service worker sw.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, SMALL_SWEEP, useLab } from "./harness.mjs";

const lab = useLab();

test("sw.js keeps every file the page loads", () => {
  const sw = readFileSync(join(ROOT, "sw.js"), "utf8");
  const files = [
    ...readdirSync(join(ROOT, "www"), { recursive: true })
      .map((f) => f.replaceAll("\\", "/"))
      .filter((f) => /\.(js|css)$/.test(f) && !/^(pkg|vendor|data)\//.test(f))
      .map((f) => `./www/${f}`),
    ...readdirSync(join(ROOT, "www", "pkg"))
      .filter((f) => /\.(js|wasm)$/.test(f))
      .map((f) => `./www/pkg/${f}`),
    ...readdirSync(join(ROOT, "www", "data"))
      .filter((f) => /\.csv$/.test(f))
      .map((f) => `./www/data/${f}`),
  ];
  for (const f of files) assert.ok(sw.includes(`"${f}"`), `${f} is not in sw.js's list`);
});

test("with the network cut after loading: reload, train, load the Iris preset, run a sweep", async () => {
  const { page } = lab;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the service worker
  await page.evaluate(() => window.lab.ready);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
  await page.context().setOffline(true);
  try {
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    await lab.setPoints([
      { x: 2, y: 1, label: 1 },
      { x: -1, y: -2, label: -1 },
    ]);
    assert.ok((await lab.state()).algorithms.exact.kappa > 0);
    await page.evaluate(() => window.lab.loadPreset("iris"));
    assert.equal((await lab.state()).points.length, 100);
    const { rows } = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    assert.equal(rows.length, 2);
  } finally {
    await page.context().setOffline(false);
  }
  assert.deepEqual(
    lab.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
    [],
  );
});
