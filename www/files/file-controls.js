/** The file controls: import (file picker, drag and drop), export (CSV, JSON, PNG of either view) and the copied link. */

import { exportPng, exportPoints, readDataFile } from "./data-io.js";
import { errorMessage } from "../text/format.js";

/**
 * Import (file picker, drag and drop), export and the copied link.
 * @param {import("../app/controller.js").App} app
 * @param {any} wasm the core's exports
 * @param {(id: string) => any} el
 * @param {{dataView: import("../views/data/data-view.js").DataSpaceView, weightView: import("../views/weight/weight-view.js").WeightView}} views
 */
export function bindFiles(app, wasm, el, { dataView, weightView }) {
  /** Reads the data file `file` into the points (a message either way). @param {File} file */
  const importFile = async (file) => {
    try {
      const { points, threshold, notices } = await readDataFile(wasm, file);
      try {
        app.setPoints(points, { threshold: threshold ?? app.state.threshold });
      } catch (e) {
        throw new Error(`${file.name}: ${errorMessage(e)}`);
      }
      app.setMessage(`Imported ${points.length} points from ${file.name}.${notices.length ? ` Note: ${notices.join("; ")}.` : ""}`);
    } catch (e) {
      app.setMessage(`Not imported — ${errorMessage(e)}. Your points are unchanged.`, "error");
    }
  };
  el("import").addEventListener("click", () => el("import-file").click());
  el("import-file").addEventListener("change", (/** @type {Event & {target: HTMLInputElement}} */ e) => {
    const [file] = e.target.files ?? [];
    e.target.value = "";
    if (file) importFile(file);
  });
  document.body.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("drop-target");
  });
  document.body.addEventListener("dragleave", () => document.body.classList.remove("drop-target"));
  document.body.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("drop-target");
    const file = e.dataTransfer?.files[0];
    if (file) importFile(file);
  });
  el("export-csv").addEventListener("click", () => exportPoints(app.state, "csv"));
  el("export-json").addEventListener("click", () => exportPoints(app.state, "json"));
  el("export-png-data").addEventListener("click", () =>
    exportPng(
      dataView.canvas,
      "data-view.png",
      (s) => dataView.resize(dataView.width, dataView.height, s),
      () => app.render(),
    ),
  );
  el("export-png-weights").addEventListener("click", () =>
    exportPng(
      weightView.canvas,
      "weight-space.png",
      (s) => weightView.resize(weightView.width, weightView.height, s),
      () => app.render(),
    ),
  );
  el("copy-link").addEventListener("click", async () => {
    app.saveToUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      app.setMessage("Link copied: it opens exactly this picture.");
    } catch {
      app.setMessage(`Copy this link: ${location.href}`);
    }
  });
}
