/** DOM events → edits of the app's state → a scheduled render. */

const DRAG_THRESHOLD_PX = 4;

/** Wires pointer events on the data view: add, drag, flip, delete, hover. */
export function bindDataView(app, canvas) {
  const view = app.dataView;
  let drag = null;

  const local = (e) => {
    const r = canvas.getBoundingClientRect();
    return { px: e.clientX - r.left, py: e.clientY - r.top };
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const { px, py } = local(e);
    const i = view.hit(app.state.points, px, py);
    if (i >= 0 && app.state.deleteMode) {
      app.deletePoint(i);
      return;
    }
    if (i >= 0) {
      drag = { i, px, py, moved: false, pointerId: e.pointerId };
      canvas.setPointerCapture(e.pointerId);
      return;
    }
    if (app.state.deleteMode) return;
    const { x, y } = view.toData(px, py);
    const label = e.shiftKey ? -app.state.addLabel : app.state.addLabel;
    app.addPoint({ x: round(x), y: round(y), label });
  });

  canvas.addEventListener("pointermove", (e) => {
    const { px, py } = local(e);
    if (drag) {
      if (!drag.moved && Math.hypot(px - drag.px, py - drag.py) > DRAG_THRESHOLD_PX) {
        drag.moved = true;
        app.beginEdit();
        canvas.classList.add("dragging");
      }
      if (drag.moved) {
        const { x, y } = view.toData(px, py);
        app.movePoint(drag.i, x, y, { record: false });
      }
      return;
    }
    const i = view.hit(app.state.points, px, py);
    canvas.classList.toggle("over-point", i >= 0);
    app.setHover(i);
  });

  const end = (e, cancelled) => {
    if (!drag) return;
    if (!drag.moved && !cancelled) app.flipLabel(drag.i);
    else app.commit();
    if (canvas.hasPointerCapture(drag.pointerId)) canvas.releasePointerCapture(drag.pointerId);
    canvas.classList.remove("dragging");
    drag = null;
  };
  canvas.addEventListener("pointerup", (e) => end(e, false));
  canvas.addEventListener("pointercancel", (e) => end(e, true));
  canvas.addEventListener("pointerleave", () => {
    if (!drag) app.setHover(-1);
  });
  canvas.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    const { px, py } = local(e);
    const i = view.hit(app.state.points, px, py);
    if (i >= 0) app.deletePoint(i);
  });
}

/** Keyboard shortcuts: Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, 1/2 class, D delete mode, T threshold. */
export function bindKeys(app) {
  window.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === "z") {
      e.preventDefault();
      if (e.shiftKey) app.redo();
      else app.undo();
    } else if ((e.ctrlKey || e.metaKey) && key === "y") {
      e.preventDefault();
      app.redo();
    } else if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    } else if (key === "1") app.setAddLabel(1);
    else if (key === "2") app.setAddLabel(-1);
    else if (key === "d") app.setDeleteMode(!app.state.deleteMode);
    else if (key === "t") app.setThreshold(!app.state.threshold);
  });
}

/** Wires the control bar. */
export function bindControls(app, el) {
  el("class-plus").addEventListener("click", () => app.setAddLabel(1));
  el("class-minus").addEventListener("click", () => app.setAddLabel(-1));
  el("delete-mode").addEventListener("click", () => app.setDeleteMode(!app.state.deleteMode));
  el("undo").addEventListener("click", () => app.undo());
  el("redo").addEventListener("click", () => app.redo());
  el("clear").addEventListener("click", () => app.clearPoints());
  el("mode-origin").addEventListener("click", () => app.setThreshold(false));
  el("mode-threshold").addEventListener("click", () => app.setThreshold(true));
  el("preset").addEventListener("change", (e) => app.loadPreset(e.target.value));
  el("teacher-new").addEventListener("click", () => app.loadPreset("teacher", { newSeed: false }));
}

function round(v) {
  return Math.round(v * 1000) / 1000;
}
