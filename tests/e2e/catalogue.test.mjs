// The catalogue as the page and its types see it. The colours of the catalogue (the one palette of the data view, the weight view and the charts)
// stay distinguishable for deuteranopes (Machado, Oliveira & Fernandes 2009, severity 1),
// measured as CIE76 ΔE in CIELAB after simulation; shapes carry the class, dashes tell relatives
// apart as well. The catalogue is read from the core itself (www/pkg, built by `make build`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./harness.mjs";
import { catalogue, initSync } from "../../www/pkg/perceptron_lab.js";

initSync({ module: readFileSync(join(ROOT, "www/pkg/perceptron_lab_bg.wasm")) });
const CATALOGUE = catalogue();

const MACHADO_DEUTERANOPIA = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);

/** sRGB hex → (simulated deuteranope's) linear RGB → CIELAB (D65). */
export function lab(h, simulate = true) {
  const lin = hex(h).map(toLinear);
  const sim = simulate
    ? MACHADO_DEUTERANOPIA.map((row) =>
        Math.min(
          1,
          Math.max(
            0,
            row.reduce((s, m, k) => s + m * lin[k], 0),
          ),
        ),
      )
    : lin;
  const [r, g, b] = sim;
  const X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

const deltaE = (a, b, simulate = true) => {
  const [p, q] = [lab(a, simulate), lab(b, simulate)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

/** Every colour the views draw an algorithm, the teacher or an error cross with, by name. */
const COLORS = Object.fromEntries([...CATALOGUE.algorithms.map((a) => [a.name, a.color]), ["teacher", CATALOGUE.teacherColor], ["error", CATALOGUE.errorColor]]);

/** The pairs closer than `min` under deuteranopia (or normal vision), as readable text. */
function closePairs(names, min, simulate = true) {
  const out = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const d = deltaE(COLORS[names[i]], COLORS[names[j]], simulate);
      if (d < min) out.push(`${names[i]} vs ${names[j]}: ΔE = ${d.toFixed(1)}`);
    }
  }
  return out;
}

test("the catalogue names every algorithm once, with a #RRGGBB colour", () => {
  const names = CATALOGUE.algorithms.map((a) => a.name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(names.length >= 15 && ["adaline-tanh", "gibbs", "bayes"].every((n) => names.includes(n)), names.join());
  for (const c of Object.values(COLORS)) assert.match(c, /^#[0-9A-F]{6}$/);
});

test("the main rules, the optimum and the teacher differ by ΔE ≥ 20 under deuteranopia", () => {
  assert.deepEqual(closePairs(["rosenblatt", "minover", "adatron", "exact", "teacher"], 20), []);
});

test("every pair of colours (every algorithm, the teacher, the error cross) differs by ΔE ≥ 18 under deuteranopia and with normal vision", () => {
  const names = Object.keys(COLORS);
  assert.equal(names.length, CATALOGUE.algorithms.length + 2);
  assert.deepEqual(closePairs(names, 18), []);
  assert.deepEqual(closePairs(names, 18, false), []);
});

test("the boundary's TypeScript name types list exactly the catalogue's names", () => {
  const dts = readFileSync(join(ROOT, "www/pkg/perceptron_lab.d.ts"), "utf8");
  const union = (type) => {
    const m = new RegExp(`export type ${type} = ([^;]+);`).exec(dts);
    assert.ok(m, `${type} is declared`);
    return m[1].split("|").map((s) => JSON.parse(s.trim()));
  };
  assert.deepEqual(
    union("Algorithm"),
    CATALOGUE.algorithms.map((a) => a.name),
  );
  assert.deepEqual(
    union("Chart"),
    CATALOGUE.charts.map((c) => c.name),
  );
});
