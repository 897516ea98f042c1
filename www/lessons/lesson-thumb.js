/**
 * A step's thumbnail: its prepared points drawn small (filled discs +1, open squares −1, as the
 * data view draws them) over the axes, at one scale on both axes — for the overview of the steps
 * and the speaker view's next step.
 */

import { AXIS_COLOR, POINT_COLOR } from "../views/data/data-style.js";

/**
 * A canvas `width` × `height` (CSS px) showing the points of `step`.
 * @param {import("./lesson-format.js").LessonStep} step
 * @param {number} width
 * @param {number} height
 */
export function stepThumbnail(step, width, height) {
  const canvas = document.createElement("canvas");
  const scale = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.setAttribute("aria-hidden", "true");
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.scale(scale, scale);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  const points = /** @type {{x: number, y: number, label: number}[]} */ (step.state.fields.points ?? []);
  // the box around the points and the origin, 10 % larger, one scale on both axes
  let half = 1e-9;
  for (const p of points) half = Math.max(half, Math.abs(p.x), Math.abs(p.y));
  half *= 1.1;
  const unit = Math.min(width, height) / (2 * half);
  const px = (/** @type {number} */ x) => width / 2 + x * unit;
  const py = (/** @type {number} */ y) => height / 2 - y * unit;
  ctx.strokeStyle = AXIS_COLOR;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, py(0));
  ctx.lineTo(width, py(0));
  ctx.moveTo(px(0), 0);
  ctx.lineTo(px(0), height);
  ctx.stroke();
  const r = Math.max(2, Math.min(5, 60 / Math.sqrt(points.length + 1)));
  ctx.strokeStyle = POINT_COLOR;
  ctx.fillStyle = POINT_COLOR;
  ctx.lineWidth = 1.5;
  for (const p of points) {
    ctx.beginPath();
    if (p.label > 0) {
      ctx.arc(px(p.x), py(p.y), r, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.rect(px(p.x) - r, py(p.y) - r, 2 * r, 2 * r);
      ctx.stroke();
    }
  }
  return canvas;
}
