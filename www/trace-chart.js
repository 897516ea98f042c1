// @ts-check
/**
 * Traces against the step t (logarithmic axis), of compare mode's rules and of the animated rule:
 * κ(w(t)) of every rule with κ_max as a line and, dashed, the certified upper bound closing on it
 * (the rules that certify one); the updates M(t) against the convergence theorem's bound M*;
 * for pocket the training errors of the pocket (solid) and of the current w (dashed). The traces
 * come from the core (`Training.traces`, `Race.traces`, `Animation.trace`): the runs whose lines
 * are drawn.
 */

import { COLORS, INFO, NAMES, REFERENCES } from "./catalogue.js";
import { fmt } from "./format.js";

const PAD = { left: 44, right: 8, top: 16, bottom: 22 };

/**
 * Draws one chart of `series` (`{name, t, y, dash}`) on `canvas` against t (log t unless
 * `axis.log` is false; `axis.label` names it), with the horizontal `reference` line
 * (`{value, label}`, or null); `yLabel` names the quantity.
 * @param {HTMLCanvasElement} canvas
 * @param {{name: string, t: number[], y: number[], dash?: number[]}[]} series
 * @param {{value: number, label: string} | null} reference
 * @param {string} yLabel
 * @param {{lo: number, hi: number}} range
 * @param {{log: boolean, label: string}} [axis]
 */
export function drawTraceChart(canvas, series, reference, yLabel, range, axis = { log: true, label: "step t" }) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 300;
  const height = canvas.clientHeight || 150;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const ts = series.flatMap((s) => s.t);
  const tMax = Math.max(axis.log ? 10 : 1, ...ts);
  const tMin = axis.log ? 1 : Math.min(tMax - 1, ...ts);
  const decades = Math.ceil(Math.log10(tMax));
  // projector mode: labels of 18 px, and the margins that fit them
  const k = document.body.classList.contains("projector") ? 18 / 11 : 1;
  const pad = { left: PAD.left * k, right: PAD.right, top: PAD.top * k, bottom: PAD.bottom * k };
  const plot = { x: pad.left, y: pad.top, w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  const X = axis.log ? (t) => plot.x + (Math.log10(Math.max(1, t)) / decades) * plot.w : (t) => plot.x + ((t - tMin) / (tMax - tMin)) * plot.w;
  const span = range.hi - range.lo || 1;
  const Y = (v) => plot.y + ((range.hi - Math.min(range.hi + span, Math.max(range.lo - span, v))) / span) * plot.h;
  ctx.font = `${11 * k}px system-ui, sans-serif`;
  ctx.fillStyle = "#555";
  ctx.strokeStyle = "#bbb";
  ctx.lineWidth = 1;
  ctx.strokeRect(plot.x, plot.y, plot.w, plot.h);
  const ticks = axis.log
    ? Array.from({ length: decades + 1 }, (_, d) => ({ t: 10 ** d, text: d === 0 ? "1" : `10${superscript(d)}` }))
    : [tMin, tMax].map((t) => ({ t, text: String(t) }));
  for (const { t, text } of ticks) ctx.fillText(text, X(t) - 6 * k, plot.y + plot.h + 14 * k);
  ctx.fillText(axis.label, plot.x + plot.w / 2 - ctx.measureText(axis.label).width / 2, plot.y + plot.h + 14 * k);
  ctx.fillText(yLabel, 4, plot.y - 4);
  ctx.fillText(fmt(range.hi, 2), 2, plot.y + 10 * k);
  ctx.fillText(fmt(range.lo, 2), 2, plot.y + plot.h);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  if (reference) {
    ctx.strokeStyle = COLORS[REFERENCES[0]];
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(plot.x, Y(reference.value));
    ctx.lineTo(plot.x + plot.w, Y(reference.value));
    ctx.stroke();
  }
  for (const s of series) {
    ctx.strokeStyle = COLORS[s.name];
    ctx.lineWidth = 2;
    ctx.setLineDash(s.dash ?? []);
    ctx.beginPath();
    let pen = false;
    s.t.forEach((t, k) => {
      const v = s.y[k];
      if (!Number.isFinite(v)) {
        pen = false;
        return;
      }
      if (pen) ctx.lineTo(X(t), Y(v));
      else ctx.moveTo(X(t), Y(v));
      pen = true;
    });
    ctx.stroke();
    if (!axis.log) {
      // few points, one per example added: each is marked
      ctx.fillStyle = COLORS[s.name];
      s.t.forEach((t, k) => {
        if (!Number.isFinite(s.y[k])) return;
        ctx.beginPath();
        ctx.arc(X(t), Y(s.y[k]), 2.5, 0, 2 * Math.PI);
        ctx.fill();
      });
    }
  }
  ctx.restore();
  if (reference) {
    ctx.fillStyle = COLORS[REFERENCES[0]];
    ctx.fillText(reference.label, plot.x + 4, Math.max(plot.y + 10 * k, Y(reference.value) - 3));
  }
}

/**
 * The charts of `traces` (`{name: Trace}`) of `rules`, against the exact κ_max and the bounds M*
 * of `scene` (null: none): κ on `canvases.kappa` (with the certified upper bound, dashed, of the
 * rules that certify one), the updates M(t) of the rules of the convergence theorem on
 * `canvases.updates` and the pocket rules' two error series on `canvases.errors` (each hidden
 * when no rule has it).
 * @param {{kappa: HTMLCanvasElement, updates: HTMLCanvasElement, errors: HTMLCanvasElement}} canvases
 * @param {Record<string, any>} traces
 * @param {string[]} rules
 * @param {any} scene
 */
export function drawTraces(canvases, traces, rules, scene) {
  const shown = rules.filter((r) => traces[r]?.t.length);
  const kappaMax = scene?.exact?.converged ? scene.exact.kappa : NaN;
  const series = [];
  for (const name of shown) {
    const tr = traces[name];
    series.push({ name, t: tr.t, y: tr.kappa });
    if (tr.upper && INFO[name].certifiesBound) series.push({ name, t: tr.t, y: tr.upper, dash: [5, 4] });
  }
  const kappas = shown.flatMap((n) => traces[n].kappa).filter(Number.isFinite);
  const top = Number.isFinite(kappaMax) && kappaMax > 0 ? 1.6 * kappaMax : Math.max(1e-9, ...kappas);
  const lo = Math.min(0, ...kappas.map((k) => Math.max(k, -top)));
  drawTraceChart(
    canvases.kappa,
    series,
    Number.isFinite(kappaMax) ? { value: kappaMax, label: `κ_max = ${kappaMax.toFixed(3)}` } : null,
    "κ(w(t)) · dashed: certified bound",
    { lo, hi: top },
  );
  drawUpdates(canvases.updates, traces, shown, scene);
  // pocket: its own errors (the answer) and the current w's (the Rosenblatt steps it takes)
  const pockets = shown.filter((n) => traces[n].pocketErrors);
  canvases.errors.hidden = !pockets.length;
  if (pockets.length) {
    const errorSeries = pockets.flatMap((name) => [
      { name, t: traces[name].t, y: traces[name].pocketErrors },
      { name, t: traces[name].t, y: traces[name].errors, dash: [4, 4] },
    ]);
    const eTop = Math.max(1, ...errorSeries.flatMap((s) => s.y)) * 1.1;
    const names = pockets.map((n) => NAMES[n]).join(", ");
    drawTraceChart(canvases.errors, errorSeries, null, `${names}: training errors · solid: the pocket's, dashed: the current w's`, { lo: 0, hi: eTop });
  }
}

/**
 * The updates M(t) of the traced rules of the convergence theorem (the catalogue's `updateBound`)
 * against the bound M* the scene gives the first of them (Biehl eq. 3.35); hidden without such a rule.
 * @param {HTMLCanvasElement} canvas
 * @param {Record<string, any>} traces
 * @param {string[]} shown
 * @param {any} scene
 */
function drawUpdates(canvas, traces, shown, scene) {
  const counted = shown.filter((n) => INFO[n].updateBound);
  canvas.hidden = !counted.length;
  if (!counted.length) return;
  const bound = scene?.algorithms.find((a) => a.name === counted[0])?.updateBound ?? null;
  const mTop = Math.max(1, bound ?? 0, ...counted.flatMap((n) => traces[n].updates)) * 1.1;
  drawTraceChart(
    canvas,
    counted.map((name) => ({ name, t: traces[name].t, y: traces[name].updates })),
    bound !== null ? { value: bound, label: `M* = ${Math.floor(bound + 1e-9)} (convergence theorem)` } : null,
    `${counted.map((n) => NAMES[n]).join(", ")}: updates M(t)`,
    { lo: 0, hi: mTop },
  );
}

function superscript(d) {
  return String(d)
    .split("")
    .map((c) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(c)])
    .join("");
}
