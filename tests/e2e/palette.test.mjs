// The algorithm colours stay distinguishable for deuteranopes (Machado, Oliveira & Fernandes
// 2009, severity 1), measured as CIE76 ΔE in CIELAB after simulation; shapes carry the class.
import { test } from "node:test";
import assert from "node:assert/strict";
import { COLORS } from "../../www/render.js";

const MACHADO_DEUTERANOPIA = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);

/** sRGB hex → simulated deuteranope's linear RGB → CIELAB (D65). */
function labDeutan(h) {
  const lin = hex(h).map(toLinear);
  const sim = MACHADO_DEUTERANOPIA.map((row) => Math.min(1, Math.max(0, row.reduce((s, m, k) => s + m * lin[k], 0))));
  const [r, g, b] = sim;
  const X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

test("every pair of algorithm colours differs by ΔE ≥ 20 under deuteranopia", () => {
  const names = ["rosenblatt", "minover", "adatron", "exact", "teacher"];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [labDeutan(COLORS[names[i]]), labDeutan(COLORS[names[j]])];
      const dE = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      assert.ok(dE >= 20, `${names[i]} vs ${names[j]}: ΔE = ${dE.toFixed(1)}`);
    }
  }
});
