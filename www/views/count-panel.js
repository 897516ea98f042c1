/**
 * Cover's theorem on the screen: how many of the 2^P labellings of the points shown are
 * linearly separable, through the origin (N = 2) and with a threshold (N = 3), beside C(P, N);
 * the separable labellings of a few points as thumbnails (a click on one relabels the points:
 * catalogue-controls.js). The counts are the frame's (cover-counts.js).
 */

import { LIMITS } from "../app/catalogue.js";
import { degeneracyPoints } from "../training/cover-counts.js";
import { grouped, sentence } from "../text/format.js";

/** Thumbnails of every separable labelling up to this many points. */
export const THUMBNAIL_POINTS = 8;
/** A thumbnail's side (CSS px) where the style sheet gives none (the panel not laid out). */
const THUMB = 72;

/**
 * Where a degeneracy's points are named: `{kind, points}` → words (given the points' names).
 * @type {Record<import("../pkg/perceptron_lab.js").Degeneracy["kind"], (p: string) => string>}
 */
const DEGENERACY_WORDS = {
  "at-origin": (p) => `${p} is at the origin`,
  duplicate: (p) => `${p} coincide`,
  opposite: (p) => `${p} are opposite (ξ and −ξ)`,
  "collinear-with-origin": (p) => `${p} lie on one line through the origin`,
  collinear: (p) => `${p} lie on one line`,
};

/** "point 3" or "points 1, 4 and 6" (1-based, as the data view's tooltip names them). @param {number[]} points */
export function namePoints(points) {
  const n = points.map((i) => i + 1);
  if (n.length === 1) return `point ${n[0]}`;
  return `points ${n.slice(0, -1).join(", ")} and ${n[n.length - 1]}`;
}

/** The count panel: a view of the frame. */
export class CountPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
    this.thumbKey = "";
    /** The points and separable labellings the thumbnails show, and the side (CSS px) they were drawn at. */
    /** @type {{points: import("../app/state.js").Point[], labellings: import("../pkg/perceptron_lab.js").Labelling[], side: number} | null} */
    this.thumbs = null;
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const panel = this.el("count-panel");
    if (!panel || panel.hidden) return;
    const { state } = frame;
    const P = state.points.length;
    const body = this.el("count-table").tBodies[0];
    const note = this.el("count-note");
    // above a few hundred points the count waits until the edits pause (cover-counts.js); the panel
    // keeps the last one meanwhile, faded
    const counts = frame.counts;
    panel.classList.toggle("stale", counts.waiting);
    if (!counts.counts) {
      body.replaceChildren();
      note.textContent = counts.error
        ? sentence(`The count failed: ${counts.error}`)
        : `The page counts up to ${grouped(LIMITS.countPoints)} points (the count takes O(P² log P)); there are ${grouped(P)}. The command line counts any set: perceptron-lab count --data points.csv.`;
      this.renderThumbnails(frame, null);
      return;
    }
    const rows = [
      { mode: "origin", label: "through the origin", n: 2, c: counts.counts.origin },
      { mode: "threshold", label: "with threshold", n: 3, c: counts.counts.threshold },
    ];
    const current = state.threshold ? "threshold" : "origin";
    body.replaceChildren(
      ...rows.map((r) => {
        const tr = document.createElement("tr");
        if (r.mode === current) tr.className = "current";
        const cells = [
          r.label,
          String(r.n),
          `${fmtCount(r.c.separable)} of 2^${P} = ${fmtCount(r.c.total)}`,
          fmtCount(r.c.cover),
          fmtFraction(r.c.cover / r.c.total),
          `2·${fmtCount(r.c.cover / 2)}`,
        ];
        for (const text of cells) {
          const td = document.createElement("td");
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
    const c = counts.counts[current];
    note.textContent = c.generalPosition
      ? `In general position: the count equals Cover's C(${P}, ${current === "origin" ? 2 : 3}).`
      : `Not in general position, so fewer than C(P, N) labellings are separable: ${c.degeneracies.map((d) => DEGENERACY_WORDS[d.kind]?.(namePoints(degeneracyPoints(d))) ?? d.kind).join("; ")}.`;
    this.renderThumbnails(frame, counts.labellings);
  }

  /**
   * One small picture per separable labelling (few points only), the current one marked; each
   * button carries its labelling's number (`data-labelling`, from 0) for the click that relabels.
   * @param {import("../app/view-frame.js").Frame} frame
   * @param {import("../pkg/perceptron_lab.js").Labelling[] | null} labellings
   */
  renderThumbnails(frame, labellings) {
    const box = this.el("count-thumbs");
    const { points, threshold } = frame.state;
    const show = labellings && points.length <= THUMBNAIL_POINTS;
    const key = show ? `${frame.revision}/${threshold}/${points.map((p) => p.label).join()}` : "";
    if (key === this.thumbKey) {
      this.drawThumbnails();
      return;
    }
    this.thumbKey = key;
    if (!show) {
      box.replaceChildren();
      box.hidden = true;
      this.thumbs = null;
      return;
    }
    box.hidden = false;
    const own = points.map((p) => p.label);
    box.replaceChildren(
      ...labellings.map((l, k) => {
        const button = document.createElement("button");
        const mine = l.labels.every((s, i) => s === own[i]);
        button.className = mine ? "thumb current" : "thumb";
        button.title = `Labelling ${k + 1}: ${l.labels.map((s) => (s > 0 ? "+" : "−")).join("")}${mine ? " (the points' own labels)" : " — click to give the points these labels"}`;
        button.setAttribute("aria-label", button.title);
        const canvas = document.createElement("canvas");
        const number = document.createElement("span");
        number.textContent = String(k + 1);
        button.append(canvas, number);
        button.dataset.labelling = String(k);
        return button;
      }),
    );
    this.thumbs = { points, labellings, side: 0 };
    this.drawThumbnails();
  }

  /**
   * Draws the thumbnails at the side the style sheet gives them (larger in presenter mode, where
   * the step's layout sizes them with the page), again whenever that side has changed.
   */
  drawThumbnails() {
    const thumbs = this.thumbs;
    if (!thumbs) return;
    const canvases = /** @type {NodeListOf<HTMLCanvasElement>} */ (this.el("count-thumbs").querySelectorAll("canvas"));
    const side = Math.round(Number.parseFloat(canvases.length ? getComputedStyle(canvases[0]).width : "") || THUMB);
    if (side === thumbs.side) return;
    thumbs.side = side;
    for (const [k, canvas] of canvases.entries()) drawThumbnail(canvas, thumbs.points, thumbs.labellings[k], side);
  }
}

/**
 * The points with labels `l.labels` and the line `l` (its exact optimum), fitted into a square
 * of `side` CSS px, the marks growing with it.
 * @param {HTMLCanvasElement} canvas
 * @param {import("../app/state.js").Point[]} points
 * @param {import("../pkg/perceptron_lab.js").Labelling} l
 * @param {number} side
 */
function drawThumbnail(canvas, points, l, side) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(side * dpr);
  canvas.height = Math.round(side * dpr);
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  // the marks as at 72 px; larger thumbnails (presenter mode) with marks a third larger still than
  // in proportion, to be seen across a hall
  const k = side > THUMB ? (4 / 3) * (side / THUMB) : 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const half = 1.15 * Math.max(1e-9, ...points.map((p) => Math.max(Math.abs(p.x), Math.abs(p.y))));
  const inset = 4 * k;
  /** @param {number} x */
  const X = (x) => side / 2 + (x / half) * (side / 2 - inset);
  /** @param {number} y */
  const Y = (y) => side / 2 - (y / half) * (side / 2 - inset);
  ctx.fillStyle = "#8a8a85";
  ctx.fillRect(X(0) - k, Y(0) - k, 2 * k, 2 * k);
  const [w0, w1] = l.w;
  const n2 = w0 * w0 + w1 * w1;
  if (n2 > 0) {
    // the line w·x = θ through its nearest point to the origin, along its direction
    const c = l.theta / n2;
    const L = 4 * half;
    const d = [-w1 / Math.sqrt(n2), w0 / Math.sqrt(n2)];
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 1.2 * k;
    ctx.beginPath();
    ctx.moveTo(X(c * w0 - L * d[0]), Y(c * w1 - L * d[1]));
    ctx.lineTo(X(c * w0 + L * d[0]), Y(c * w1 + L * d[1]));
    ctx.stroke();
  }
  points.forEach((p, i) => {
    ctx.beginPath();
    if (l.labels[i] > 0) {
      ctx.fillStyle = "#1b1b1b";
      ctx.arc(X(p.x), Y(p.y), 3.5 * k, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.strokeStyle = "#1b1b1b";
      ctx.fillStyle = "#fff";
      ctx.lineWidth = 1.2 * k;
      ctx.rect(X(p.x) - 3 * k, Y(p.y) - 3 * k, 6 * k, 6 * k);
      ctx.fill();
      ctx.stroke();
    }
  });
}

/** An integer count (exact below 2^53, else in scientific notation). @param {number} v */
function fmtCount(v) {
  return v < 1e15 ? grouped(v) : v.toExponential(3);
}

/** A fraction to three decimals, or in scientific notation below 0.001. @param {number} f */
function fmtFraction(f) {
  return f >= 0.001 ? f.toFixed(3) : f.toExponential(2);
}
