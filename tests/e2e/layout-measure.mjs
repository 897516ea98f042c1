// Measures of the laid-out page, run in the page (page.evaluate): the visible canvases' boxes and
// the plot areas of the charts, found from the pixels drawn (the axes), independently of the
// code that lays the page out or draws the charts. Shared by the layout tests and bench/.

/**
 * `{id: [left, top, width, height]}` of every canvas laid out on the page (CSS px, rounded): those
 * drawn and those whose place is kept for a chart not drawn yet (visibility: hidden).
 */
export function canvasBoxes() {
  const out = {};
  for (const c of document.querySelectorAll("canvas")) {
    if (!c.getClientRects().length) continue;
    const r = c.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    out[c.id || c.getAttribute("aria-label")] = [r.left, r.top, r.width, r.height].map(Math.round);
  }
  return out;
}

/**
 * `{id: {width, height}}`: the plot area (CSS px) of every chart drawn on the page (the player's
 * traces, ε_g against P, the learning curves), from its axes: the longest run of grey pixels down
 * a column (the y axis: the plot's height; gaps of a few pixels where a series crosses it) and,
 * from it to the right over the plot's grey axis and grid (its width). Text, ticks and the
 * legend's short strokes are far shorter; coloured lines are not grey.
 */
export function plotAreas() {
  const out = {};
  for (const c of document.querySelectorAll("canvas.trace, #eps-chart, #lc-charts canvas, #lc-trace-chart")) {
    if (!c.getClientRects().length || !c.checkVisibility({ checkVisibilityCSS: true }) || !c.width || !c.height) continue;
    const { width: w, height: h } = c;
    const d = c.getContext("2d").getImageData(0, 0, w, h).data;
    // grey or black (the axes are drawn in a dark grey), not a coloured series
    const dark = (x, y) => {
      const k = 4 * (y * w + x);
      return d[k + 3] > 128 && d[k] <= 170 && Math.abs(d[k] - d[k + 1]) <= 10 && Math.abs(d[k + 1] - d[k + 2]) <= 10;
    };
    // the y axis: the column with the longest run of grey (a series crossing it leaves a gap of a few pixels)
    const GAP = 6;
    let axis = { x: 0, top: 0, bottom: 0 };
    for (let x = 0; x < w; x++) {
      let start = -1;
      let last = -1;
      for (let y = 0; y < h; y++) {
        if (!dark(x, y)) continue;
        if (start < 0 || y - last > GAP) start = y;
        last = y;
        if (last - start > axis.bottom - axis.top) axis = { x, top: start, bottom: last };
      }
    }
    // across: from the y axis to the right along the plot's rows, over its axis and its grid
    // (grey, dark or light; a series crossing leaves a gap of a few pixels): the x axis's length
    const grid = (x, y) => {
      const k = 4 * (y * w + x);
      return d[k + 3] > 128 && d[k] <= 245 && Math.abs(d[k] - d[k + 1]) <= 10 && Math.abs(d[k + 1] - d[k + 2]) <= 10;
    };
    let wide = 0;
    for (let y = axis.top; y <= axis.bottom; y++) {
      let last = axis.x;
      for (let x = axis.x; x < w && x - last <= GAP; x++) if (grid(x, y)) last = x;
      wide = Math.max(wide, last - axis.x);
    }
    // the y axis ends at the x axis, or a tick's length under it
    let foot = axis.bottom;
    while (foot > axis.top && axis.bottom - foot < 2 * GAP && !dark(axis.x + 2, foot)) foot--;
    const tall = foot - axis.top;
    const r = c.getBoundingClientRect();
    out[c.id] = { width: Math.round((wide * r.width) / w), height: Math.round((tall * r.height) / h) };
  }
  return out;
}
