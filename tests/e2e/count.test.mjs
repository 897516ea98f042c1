// Cover's theorem on the screen: the count panel and getState().dichotomies follow C(P, N) as
// points are added with the mouse, report points that are not in general position, and the
// weight view's cells can be pointed at (the data view previews the labelling) and chosen from
// the thumbnails. C(P, N) is computed here from its definition.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useLab } from "./harness.mjs";

const lab = useLab();

/** Cover's C(P, N) = 2 Σ_{i<N} binom(P−1, i), computed here. */
function cover(P, N) {
  let sum = 0;
  let binom = 1; // binom(P−1, 0)
  for (let i = 0; i < N && i <= P - 1; i++) {
    sum += binom;
    binom = (binom * (P - 1 - i)) / (i + 1);
  }
  return P === 0 ? 1 : 2 * sum;
}

/** Points in general position (no two collinear with the origin, no three on a line): on a parabola off the origin. */
const GENERAL = [
  [0.6, 1.9],
  [-1.3, 0.7],
  [2.1, -0.4],
  [-0.5, -1.7],
  [1.4, 2.6],
  [-2.2, 2.3],
  [0.3, -2.8],
];

test("adding points one by one with the mouse, the count of separable labellings is C(P, N) in both modes", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  // the view fitted to the points to come, then emptied (Clear keeps the view)
  await lab.setPoints(GENERAL.map(([x, y]) => ({ x, y, label: 1 })));
  await page.locator("#clear").click();
  assert.equal((await lab.state()).points.length, 0);
  for (let k = 0; k < GENERAL.length; k++) {
    const [x, y] = GENERAL[k];
    const c = await lab.client(x, y);
    await page.mouse.click(c.x, c.y);
    await lab.frame(); // the panel is drawn with the frame; the state is computed at once
    const s = await lab.state();
    assert.equal(s.points.length, k + 1);
    const P = k + 1;
    assert.equal(s.dichotomies.separable, cover(P, 2), `P = ${P} through the origin`);
    assert.equal(s.dichotomies.total, 2 ** P);
    assert.equal(s.dichotomies.cover, cover(P, 2));
    assert.equal(s.dichotomies.generalPosition, true);
    // the panel shows both modes
    const rows = await page.locator("#count-table tbody tr").allTextContents();
    assert.equal(rows.length, 2);
    assert.match(rows[0], new RegExp(`^through the origin2${cover(P, 2)} of 2\\^${P}`));
    assert.match(rows[1], new RegExp(`^with threshold3${cover(P, 3)} of 2\\^${P}`));
  }
  await lab.setThreshold(true);
  const s = await lab.state();
  assert.equal(s.dichotomies.separable, cover(GENERAL.length, 3));
  assert.equal(s.dichotomies.cover, cover(GENERAL.length, 3));
  assert.match(await page.locator("#count-note").textContent(), /In general position/);
  assert.deepEqual(lab.errors, []);
});

test("three points collinear with the origin: fewer separable labellings than C(P, 2), and the panel names them", async () => {
  await lab.setThreshold(false);
  await lab.setPoints([
    { x: 1, y: 1, label: 1 },
    { x: 0.5, y: 2, label: -1 },
    { x: 2, y: 2, label: 1 },
    { x: -1.5, y: -1.5, label: -1 },
    { x: 2, y: -0.7, label: 1 },
  ]);
  const s = await lab.state();
  // lines through the origin: {1, 3, 4}, {2}, {5}: 3 lines, 6 arcs
  assert.equal(s.dichotomies.separable, 6);
  assert.equal(s.dichotomies.cover, cover(5, 2));
  assert.equal(s.dichotomies.generalPosition, false);
  const note = await lab.page.locator("#count-note").textContent();
  assert.match(note, /Not in general position/);
  assert.match(note, /points 1, 3 and 4 lie on one line through the origin/);
  // with a threshold the three are still on one line (y = x): of the 10 pairs, 3 span that line
  // and 7 span lines of two points each, so Zaslavsky's count is 2 + 2·((3 − 1) + 7) = 20 < C(5, 3) = 22
  await lab.setThreshold(true);
  const t = await lab.state();
  assert.equal(t.dichotomies.generalPosition, false);
  assert.equal(t.dichotomies.separable, 20);
  assert.equal(t.dichotomies.cover, cover(5, 3));
  assert.match(await lab.page.locator("#count-note").textContent(), /points 1, 3 and 4 lie on one line/);
  assert.deepEqual(lab.errors, []);
});

test("pointing at a cell of weight space previews its labelling in the data view; a thumbnail gives the points its labels", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  const pts = GENERAL.slice(0, 4).map(([x, y], i) => ({ x, y, label: i % 2 ? -1 : 1 }));
  await lab.setPoints(pts);
  // the thumbnails: one per separable labelling (2P = 8 through the origin), the points' own marked if separable
  const thumbs = page.locator("#count-thumbs .thumb");
  assert.equal(await thumbs.count(), cover(4, 2));
  const s = await lab.state();
  assert.equal(await page.locator("#count-thumbs .thumb.current").count(), s.separable ? 1 : 0);
  // the highlight colour appears in the data view only while the pointer is on a cell
  const highlighted = () =>
    page.evaluate(() => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view"));
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 0xaa) < 12 && Math.abs(d[i + 1] - 0x33) < 12 && Math.abs(d[i + 2] - 0x77) < 12) n++;
      return n;
    });
  assert.equal(await highlighted(), 0);
  const box = await page.locator("#weight-view").boundingBox();
  // inside the circle of directions (the upper half of the view), off the curves: try a few spots
  let found = false;
  for (const [fx, fy] of [
    [0.62, 0.2],
    [0.35, 0.3],
    [0.7, 0.35],
    [0.4, 0.15],
  ]) {
    await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    if ((await highlighted()) > 200) {
      found = true;
      break;
    }
  }
  assert.ok(found, "a cell under the pointer is previewed in the data view");
  await page.mouse.move(box.x - 30, box.y - 30);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.equal(await highlighted(), 0, "the preview ends when the pointer leaves");
  // a thumbnail that is not the points' own labelling relabels them (one undoable edit)
  const other = page.locator("#count-thumbs .thumb:not(.current)").first();
  const title = await other.getAttribute("title");
  const signs = title.match(/: ([+−]+)/)[1];
  await other.click();
  const after = await lab.state();
  assert.deepEqual(after.points.map((p) => (p.label > 0 ? "+" : "−")).join(""), signs);
  assert.equal(after.separable, true, "every thumbnail's labelling is separable");
  assert.equal(await page.locator("#count-thumbs .thumb.current").count(), 1);
  await page.keyboard.press("Control+z");
  assert.deepEqual(
    (await lab.state()).points.map((p) => p.label),
    pts.map((p) => p.label),
  );
  assert.deepEqual(lab.errors, []);
});

test("above the page's limit the count is null and the panel says where it stops", async () => {
  const n = await lab.page.evaluate(() => window.lab.catalogue().limits.countPoints);
  const pts = Array.from({ length: n + 1 }, (_, i) => ({ x: Math.cos(i) * (1 + i / n), y: Math.sin(i * 1.3) * (1 + i / n), label: i % 2 ? 1 : -1 }));
  await lab.setPoints(pts);
  const s = await lab.state();
  assert.equal(s.dichotomies, null);
  assert.match(await lab.page.locator("#count-note").textContent(), /counts up to/);
  await lab.setPoints([]);
});
