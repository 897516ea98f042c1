/** Test harness: serves the repository root over HTTP (as `make serve` does) and drives Debian's Chromium. */

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ARTIFACTS = join(ROOT, "tests", "artifacts");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The six points of the "six" preset (cf. Biehl Fig. 3.4): separable through the origin. */
export const SIX = [
  { x: 1.0, y: 2.0, label: 1 },
  { x: 2.0, y: 0.5, label: 1 },
  { x: 0.5, y: 1.0, label: 1 },
  { x: -1.5, y: -0.5, label: -1 },
  { x: -0.5, y: -2.0, label: -1 },
  { x: 1.0, y: -1.5, label: -1 },
];

/** A sweep that finishes in a moment (N = 5, two α, Hebb). */
export const SMALL_SWEEP = { n: 5, alphas: [1, 2], reps: 3, algorithms: ["hebb"], epochs: 10, seed: 1, noise: 0, labels: "teacher", stop: { kind: "epochs" } };

/** A sweep that keeps the workers busy for many seconds (N = 50, 40 α × 200 repetitions of MinOver and the exact optimum). */
export const LARGE_SWEEP = {
  n: 50,
  alphas: Array.from({ length: 40 }, (_, i) => 0.5 + i * 0.25),
  reps: 200,
  algorithms: ["minover", "exact"],
  epochs: 200,
  seed: 2,
  noise: 0,
  labels: "teacher",
  stop: { kind: "epochs" },
};

/**
 * A seeded 2-D set (an LCG, so a failure can be replayed): P points uniform in [−1, 1]², labelled
 * by the line w*·x = θ* (w* = (cos 1, sin 1), θ* = 0.3 with a threshold, else 0). `kind`:
 * "teacher" (the plain labels), "small-margin" (points within `margin`, by default 0.02, of the
 * line removed, so κ_max ≥ margin — 0.02 is about 2 % of max |ξ|), "noisy" (about 10 % of the
 * labels flipped).
 */
export function lineSet(kind, P, threshold, margin = 0.02) {
  let s = 2024 + P + (threshold ? 1 : 0);
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (2 * s) / 2147483648 - 1;
  };
  const w = [Math.cos(1), Math.sin(1)];
  const theta = threshold ? 0.3 : 0;
  const pts = [];
  while (pts.length < P) {
    const x = rand();
    const y = rand();
    const d = w[0] * x + w[1] * y - theta;
    if (kind === "small-margin" && Math.abs(d) <= margin) continue;
    const flip = kind === "noisy" && rand() < -0.8;
    pts.push({ x, y, label: d > 0 !== flip ? 1 : -1 });
  }
  return pts;
}

/** Sets the player's speed slider to its top (the fastest steps per second), as a user drags it there. */
export async function playerAtFastest(page) {
  await page.locator("#anim-speed").evaluate((s) => {
    s.value = s.max;
    s.dispatchEvent(new Event("input", { bubbles: true }));
    s.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/**
 * Makes pages of `context` run from the page's source modules (www/main.js and its imports) instead
 * of its bundle (www/bundle/main.js, what index.html loads), for a test that reaches into one of
 * those modules with `import("/www/…")`: the page's own instance, not a second one.
 */
export async function fromSources(context) {
  await context.route("**/www/bundle/main.js", (route) => route.fulfill({ contentType: "text/javascript", body: 'import "/www/main.js";\n' }));
}

/**
 * Starts `python3 -m http.server` on a free port at `root` (by default the repository's); resolves `{url, close}`.
 * Its request log (stderr) is dropped and its stdout drained: a pipe nobody reads fills after a
 * few hundred requests and the server then blocks on its next log line, hanging every later page.
 */
export function serve(root = ROOT) {
  return new Promise((resolve, reject) => {
    const proc = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) {
        proc.stdout.off("data", onData);
        proc.stdout.resume(); // drained from now on
        resolve({ url: `http://127.0.0.1:${m[1]}/`, close: () => proc.kill() });
      }
    };
    proc.stdout.on("data", onData);
    proc.on("error", reject);
    proc.on("exit", (code) => reject(new Error(`http.server exited (${code}): ${out}`)));
  });
}

/**
 * Launches Chromium with a fresh profile and extra context `options` (e.g. `{hasTouch: true}`);
 * resolves `{context, close}`. `groups: true` (the default): every page it loads, reloads
 * included, opens the control bar's groups and folded panels once ready (clicks on their
 * buttons, as openLab's `groups`), so that tests of the controls reach them; `false`: pages as
 * they open.
 */
export async function launch({ groups = true, ...options } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "plab-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 860 },
    ...options,
  });
  if (groups) {
    await browser.addInitScript(() => {
      const open = () => {
        for (const t of document.querySelectorAll('.fold-toggle[aria-expanded="false"]')) t.click();
        window.scrollTo(0, 0);
      };
      const wait = () => (window.lab?.ready ? window.lab.ready.then(open, () => {}) : setTimeout(wait, 10));
      wait();
    });
  }
  return {
    context: browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the page in a new tab, collecting console errors and page errors; waits for `lab.ready`.
 * `groups: true` (the default) then opens every named group of the control bar and every folded
 * panel with a click, as a user would, so that a test reaches their controls (the first screen
 * shows them folded: tests/e2e/first-screen.test.mjs); `false` leaves the page as it opens.
 */
export async function openLab(context, url, { groups = true } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.lab?.ready);
  await page.evaluate(() => window.lab.ready);
  if (groups) await openGroups(page);
  return { page, errors };
}

/** Opens every closed group of the control bar and every folded panel (clicks on their buttons), and scrolls back to the top. */
export async function openGroups(page) {
  const closed = page.locator('.fold-toggle[aria-expanded="false"]:visible');
  while ((await closed.count()) > 0) await closed.first().click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Shows the rules `names` too (their boxes under "More algorithms", checked as a user would). */
export async function showRules(page, names) {
  if (!names.length) return;
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  for (const name of names) await page.locator(`#show-${name}`).check();
}

/** A path for a test artefact (screenshots), creating the folder. */
export function artifact(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/**
 * Resolves once `page` has rendered its next frame: an edit by the pointer or the keyboard is
 * drawn on an animation frame (`getState()` answers at once), so a test reads the views after it.
 */
export const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Registers `before`/`after` hooks that serve the page, launch Chromium (with extra context
 * `options`, as `launch` takes them: a phone's viewport and touch) and open the lab; returns a
 * live object `{page, errors, server}` and helpers over `window.lab`.
 */
export function useLab(options = {}) {
  const lab = { page: null, errors: null, server: null, browser: null };
  before(async () => {
    lab.server = await serve();
    lab.browser = await launch(options);
    Object.assign(lab, await openLab(lab.browser.context, lab.server.url));
  });
  after(async () => {
    await lab.browser?.close();
    lab.server?.close();
  });
  lab.state = () => lab.page.evaluate(() => window.lab.getState());
  lab.setPoints = (pts) => lab.page.evaluate((p) => window.lab.setPoints(p), pts);
  lab.setThreshold = (on) => lab.page.evaluate((t) => window.lab.setThreshold(t), on);
  lab.client = (x, y) => lab.page.evaluate(([x, y]) => window.lab.dataToClient(x, y), [x, y]);
  lab.frame = () => nextFrame(lab.page);
  return lab;
}

/**
 * The viewer's lessons as the page's store holds them (IndexedDB: www/lessons/lesson-database.js), read
 * directly; null when nothing is stored.
 * @param {import("playwright-core").Page} page
 */
export function storedLessons(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("perceptron-lab");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("lessons")) return reject(new Error("the page has not opened its lesson store"));
          const get = db.transaction("lessons").objectStore("lessons").get("list");
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/**
 * Writes `value` as the store's list of lessons (after the page has opened its store); `null`
 * removes the record, as in a browser where only the first version, which kept the lessons in
 * local storage, has run.
 * @param {import("playwright-core").Page} page
 * @param {any} value
 */
export function putStoredLessons(page, value) {
  return page.evaluate(
    (value) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("perceptron-lab");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("lessons", "readwrite");
          if (value === null) tx.objectStore("lessons").delete("list");
          else tx.objectStore("lessons").put(value, "list");
          tx.oncomplete = () => {
            db.close();
            resolve(undefined);
          };
          tx.onabort = () => reject(tx.error);
        };
      }),
    value,
  );
}

/** A fresh browser for one test; `use(context)` runs with it, then it is closed. */
export async function withBrowser(use) {
  const browser = await launch();
  try {
    await use(browser.context);
  } finally {
    await browser.close();
  }
}

/**
 * + Step after setting `points` (an edit, which clears the status line); resolves to what the
 * status line then says (it says the step only once the browser has stored it, or why not).
 * @param {import("playwright-core").Page} page
 */
export async function addLessonStep(page, points) {
  await page.evaluate((p) => window.lab.setPoints(p), points);
  await page.waitForFunction(() => !/step \d+ of/.test(document.getElementById("status").textContent));
  await page.click("#lesson-add");
  await page.waitForFunction(() => /step \d+ of/.test(document.getElementById("status").textContent));
  return page.textContent("#status");
}
