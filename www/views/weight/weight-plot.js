/**
 * The geometry of the weight view's lower plot: its rectangle and window `{phi0, phi1, lo, hi}`
 * (φ across, θ or κ up), the pixel ↔ (φ, value) transform, the windows a zoom, a pan or a fit
 * onto the version space give (φ wraps: a window may reach across φ = 0), and the φ axis's ticks.
 */

import { fmt } from "../../text/format.js";

export const TAU = 2 * Math.PI;

/**
 * The lower plot as drawn: its rectangle (CSS px), its window and the version space's kind.
 * @typedef {{x: number, y: number, w: number, h: number, phi0: number, phi1: number, lo: number, hi: number, kind: string}} Plot
 * @typedef {{phi0: number, phi1: number, lo: number, hi: number, kind: string}} PlotWindow
 */
/** @typedef {import("../../pkg/perceptron_lab.js").VersionSpaceArrays} VersionSpaceArrays */

/** Canvas x of direction `phi`. @param {Plot} p @param {number} phi */
export function plotX(p, phi) {
  return p.x + ((phi - p.phi0) / (p.phi1 - p.phi0)) * p.w;
}

/** Canvas y of value `v` (θ or κ). @param {Plot} p @param {number} v */
export function plotY(p, v) {
  return p.y + ((p.hi - v) / (p.hi - p.lo)) * p.h;
}

/** The direction φ and value at canvas pixel (px, py). @param {Plot} p @param {number} px @param {number} py */
export function plotAt(p, px, py) {
  return { phi: p.phi0 + ((px - p.x) / p.w) * (p.phi1 - p.phi0), value: p.hi - ((py - p.y) / p.h) * (p.hi - p.lo) };
}

/** Whether canvas pixel (px, py) lies in the plot. @param {Plot | null} p @param {number} px @param {number} py */
export function inPlot(p, px, py) {
  return p !== null && px >= p.x && px <= p.x + p.w && py >= p.y && py <= p.y + p.h;
}

/**
 * A window of the full turn at most; φ wraps (a window across φ = 0 runs from a negative φ0,
 * the window moved by whole turns so that its middle lies in [−π/2, 3π/2)).
 * @param {number} phi0
 * @param {number} phi1
 * @param {number} lo
 * @param {number} hi
 * @param {string} kind
 * @returns {PlotWindow}
 */
export function windowOf(phi0, phi1, lo, hi, kind) {
  const span = Math.min(TAU, phi1 - phi0);
  const turns = Math.floor((phi0 + span / 2 + Math.PI / 2) / TAU);
  const start = phi0 - turns * TAU;
  return { phi0: start, phi1: start + span, lo, hi, kind };
}

/**
 * The window of `p` zoomed by `factor` (> 1: in) about canvas pixel (px, py).
 * @param {Plot} p
 * @param {number} factor
 * @param {number} px
 * @param {number} py
 */
export function zoomedWindow(p, factor, px, py) {
  const { phi, value } = plotAt(p, px, py);
  const span = (p.phi1 - p.phi0) / factor;
  const left = (phi - p.phi0) / (p.phi1 - p.phi0);
  const phi0 = phi - left * span;
  const lo = value - ((value - p.lo) / (p.hi - p.lo)) * ((p.hi - p.lo) / factor);
  return windowOf(phi0, phi0 + span, lo, lo + (p.hi - p.lo) / factor, p.kind);
}

/** The window of `p` moved by (dx, dy) canvas pixels (a drag). @param {Plot} p @param {number} dx @param {number} dy */
export function pannedWindow(p, dx, dy) {
  const dphi = (-dx / p.w) * (p.phi1 - p.phi0);
  const dv = (dy / p.h) * (p.hi - p.lo);
  return windowOf(p.phi0 + dphi, p.phi1 + dphi, p.lo + dv, p.hi + dv, p.kind);
}

/**
 * The window onto the version space `vs` (the band's φ extent and θ range with a threshold; the
 * arc's φ extent and the landscape from 0 to its peak through the origin), with a margin, across
 * φ = 0 when it lies there; null when there is none (not separable).
 * @param {VersionSpaceArrays | null | undefined} vs
 * @returns {PlotWindow | null}
 */
export function versionSpaceWindow(vs) {
  if (!vs) return null;
  const n = vs.phi.length;
  /** @type {boolean[]} */
  const inside = [];
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < n; k++) {
    const span = versionSpaceAt(vs, k);
    inside.push(span !== null);
    if (!span) continue;
    lo = Math.min(lo, span[0]);
    hi = Math.max(hi, span[1]);
  }
  if (!inside.some(Boolean)) return null;
  // the version space's directions are one stretch of the circle: the complement of the longest
  // stretch (taken round the circle) of samples outside it
  let phi0 = 0;
  let phi1 = TAU;
  if (inside.some((v) => !v)) {
    let best = { start: 0, length: 0 };
    for (let k = 0; k < n; k++) {
      if (inside[k] || !inside[(k + n - 1) % n]) continue; // k starts a stretch outside
      let length = 0;
      while (length < n && !inside[(k + length) % n]) length++;
      if (length > best.length) best = { start: k, length };
    }
    const first = (best.start + best.length) % n; // the first sample inside
    const last = (best.start + n - 1) % n; // the last sample inside
    phi0 = vs.phi[first];
    phi1 = vs.phi[last] + (last < first ? TAU : 0);
    const dphi = Math.max(0.25 * (phi1 - phi0), 0.02);
    [phi0, phi1] = [phi0 - dphi, phi1 + dphi];
  }
  const dv = Math.max(0.3 * (hi - lo), 1e-3);
  return windowOf(phi0, phi1, lo - dv, hi + dv, vs.kind);
}

/**
 * The version space's values `[a, b]` at the sample `k` of `vs.phi` (the band's θ from its lower
 * to its upper edge; the landscape from 0 to κ(φ) through the origin), or null where it has none.
 * @param {VersionSpaceArrays} vs
 * @param {number} k
 * @returns {[number, number] | null}
 */
function versionSpaceAt(vs, k) {
  const [a, b] = vs.kind === "band" ? [vs.lower[k], vs.upper[k]] : [0, vs.kappa[k]];
  return Number.isFinite(a) && Number.isFinite(b) && b > a ? [a, b] : null;
}

/**
 * Whether the window `win` shows some of the version space `vs` (a sample of it within the
 * window's φ, moved by whole turns, and its values reaching into the window's range); null when
 * there is no version space (not separable).
 * @param {PlotWindow} win
 * @param {VersionSpaceArrays} vs
 * @returns {boolean | null}
 */
export function showsVersionSpace(win, vs) {
  let any = false;
  for (let k = 0; k < vs.phi.length; k++) {
    const span = versionSpaceAt(vs, k);
    if (!span) continue;
    any = true;
    const seen = turnsIn(win.phi0, win.phi1).some((t) => vs.phi[k] + t >= win.phi0 && vs.phi[k] + t <= win.phi1);
    if (seen && span[1] >= win.lo && span[0] <= win.hi) return true;
  }
  return any ? false : null;
}

/** The whole turns `2πj` by which the samples on [0, 2π) are moved to cover the window φ0…φ1. @param {number} phi0 @param {number} phi1 */
export function turnsIn(phi0, phi1) {
  /** @type {number[]} */
  const out = [];
  for (let j = Math.floor(phi0 / TAU); j * TAU < phi1; j++) out.push(j * TAU);
  return out;
}

/**
 * Ticks of the φ axis between `phi0` and `phi1`: the multiples of π/2 when the window spans half a
 * turn or more (0, π/2, …, 2π), else about four round values in radians.
 * @param {number} phi0
 * @param {number} phi1
 * @returns {{phi: number, text: string}[]}
 */
export function phiTicks(phi0, phi1) {
  const span = phi1 - phi0;
  if (span >= Math.PI) {
    const out = [];
    for (let k = Math.ceil(phi0 / (Math.PI / 2) - 1e-9); k <= phi1 / (Math.PI / 2) + 1e-9; k++) out.push({ phi: (k * Math.PI) / 2, text: halfPis(k) });
    return out;
  }
  const raw = span / 4;
  const e = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * e).find((s) => s >= raw) ?? 10 * e;
  const out = [];
  for (let phi = Math.ceil(phi0 / step) * step; phi <= phi1 + 1e-12; phi += step) out.push({ phi, text: fmt(Math.abs(phi) < 1e-12 ? 0 : phi, 3) });
  return out;
}

/** `k·π/2` written as "0", "π/2", "π", "3π/2", "2π", "−π/2", … @param {number} k */

function halfPis(k) {
  if (k === 0) return "0";
  const a = Math.abs(k);
  const text = a % 2 ? `${a === 1 ? "" : a}π/2` : `${a === 2 ? "" : a / 2}π`;
  return k < 0 ? `−${text}` : text;
}
