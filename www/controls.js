// @ts-check
/** The control bar's parts built from the catalogue (shown-rule toggles, rule settings, preset
 * menu, the rules' explanations) and the file controls (import, export, copy link). */

import { ALGORITHMS, CORE, COLORS, INFO, NAMES, SHOWN_NAMES } from "./catalogue.js";
import { fmt } from "./data-view.js";
import { exportPng, exportPoints, readDataFile } from "./io.js";
import { checkRules } from "./schema.js";
import { CUSTOM, FILE_PRESETS, FIXED_PRESETS, GENERATED_PRESETS } from "./presets.js";
import { RACE_CONTROLS, bindPlayer } from "./player.js";

/** The preset menu: "custom" (the points are no preset: edited, cleared, imported; not choosable), then every preset. */
export function fillPresetMenu(el) {
  const select = el("preset");
  const custom = new Option("custom", CUSTOM, true, true);
  custom.disabled = true;
  select.append(custom);
  for (const p of [...FIXED_PRESETS, ...FILE_PRESETS, ...GENERATED_PRESETS]) select.append(new Option(p.name, p.id));
}

export function fillShownToggles(app, el) {
  const group = el("shown");
  const toggle = (name) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = app.state.shown[name];
    box.id = `show-${name}`;
    box.addEventListener("change", () => {
      app.beginEdit();
      app.state.shown[name] = box.checked;
      app.commit();
      renderAlgorithmInfo(app, el);
    });
    const swatch = document.createElement("span");
    swatch.className = "swatch-inline";
    swatch.style.borderTopColor = COLORS[name];
    if (INFO[name].dash.length) swatch.style.borderTopStyle = "dashed";
    label.append(box, swatch, ` ${NAMES[name]}`);
    label.title = INFO[name] ? `${INFO[name].rule}\nOptimises: ${INFO[name].optimises}\nStops: ${INFO[name].stops}` : "";
    return label;
  };
  for (const name of [...CORE, "exact"]) group.append(toggle(name));
  // the rest of the family in a drop-down panel, with the settings they have
  const more = document.createElement("details");
  more.id = "more-algorithms";
  const summary = document.createElement("summary");
  summary.textContent = "More algorithms";
  const list = document.createElement("div");
  list.className = "more-list";
  for (const name of ALGORITHMS) if (!CORE.includes(name)) list.append(toggle(name));
  list.append(ruleInput(app, "gamma", "soft margin γ", "Bound γ of the embedding strengths: large γ → hard margin"));
  list.append(ruleInput(app, "notesEta", "notes η", "Learning rate η of the lecture-notes perceptron"));
  more.append(summary, list);
  group.append(more);
  const select = el("anim-algorithm");
  select.replaceChildren(...ALGORITHMS.filter((n) => INFO[n].animatable).map((n) => new Option(NAMES[n], n)));
}

/** A number input bound to `app.state.rules[key]`; a bad value is refused with a message. */
function ruleInput(app, key, text, title) {
  const label = document.createElement("label");
  label.className = "label";
  label.title = title;
  const input = document.createElement("input");
  input.type = "number";
  input.className = "num";
  input.id = `rule-${key}`;
  input.step = "any";
  input.min = "0";
  input.value = String(app.state.rules[key]);
  input.addEventListener("change", () => {
    const v = Number(input.value);
    try {
      checkRules({ [key]: v });
    } catch {
      app.setMessage(`${text} must be a positive number, got "${input.value}"`, "error");
      input.value = String(app.state.rules[key]);
      return;
    }
    app.beginEdit();
    app.state.rules[key] = v;
    app.commit();
  });
  label.append(`${text} `, input);
  return label;
}

/** Beside the views: for each shown rule, what it optimises, when it stops, its update rule. */
function renderAlgorithmInfo(app, el) {
  const box = el("algorithm-info");
  const items = ALGORITHMS.filter((n) => app.state.shown[n]).map((name) => {
    const p = document.createElement("p");
    const b = document.createElement("b");
    b.textContent = NAMES[name];
    const rule = document.createElement("code");
    rule.textContent = INFO[name].rule;
    p.append(b, ` optimises ${INFO[name].optimises}; stops ${INFO[name].stops}. `, rule);
    return p;
  });
  box.replaceChildren(...items);
}

export function syncShownToggles(app, el) {
  el("compare").setAttribute("aria-pressed", String(app.compare !== null));
  for (const name of ALGORITHMS) el(`compare-${name}`).checked = app.compareRules.includes(name);
  for (const name of SHOWN_NAMES) el(`show-${name}`).checked = app.state.shown[name];
  for (const key of Object.keys(app.state.rules)) el(`rule-${key}`).value = String(app.state.rules[key]);
  renderAlgorithmInfo(app, el);
}

/**
 * Compare mode's own controls: which rules are compared (one checkbox per rule, from the
 * catalogue; at least one stays checked) and the race's player (step, play/pause, reset, speed,
 * scrubber: those of the animation).
 */
export function bindCompare(app, el) {
  const box = el("compare-rules");
  for (const name of ALGORITHMS) {
    const label = document.createElement("label");
    label.className = "label";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.id = `compare-${name}`;
    input.checked = app.compareRules.includes(name);
    input.addEventListener("change", () => {
      const rules = ALGORITHMS.filter((n) => el(`compare-${n}`).checked);
      if (!rules.length) {
        input.checked = true;
        return;
      }
      app.setCompare(true, rules);
    });
    const swatch = document.createElement("span");
    swatch.className = "swatch-inline";
    swatch.style.borderTopColor = COLORS[name];
    label.append(input, swatch, NAMES[name]);
    box.append(label);
  }
  bindPlayer(app.race, app, el, RACE_CONTROLS);
}

/** Import (file picker, drag and drop), export and the copied link. */
export function bindFiles(app, wasm, el) {
  const importFile = async (file) => {
    try {
      const { points, threshold, notices } = await readDataFile(wasm, file);
      try {
        app.setPoints(points, { threshold: threshold ?? app.state.threshold });
      } catch (e) {
        throw new Error(`${file.name}: ${e.message}`);
      }
      app.setMessage(`Imported ${points.length} points from ${file.name}.${notices.length ? ` Note: ${notices.join("; ")}.` : ""}`);
    } catch (e) {
      app.setMessage(`Not imported — ${e.message}. Your points are unchanged.`, "error");
    }
  };
  el("import").addEventListener("click", () => el("import-file").click());
  el("import-file").addEventListener("change", (e) => {
    const [file] = e.target.files;
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
    const [file] = e.dataTransfer.files;
    if (file) importFile(file);
  });
  el("export-csv").addEventListener("click", () => exportPoints(app.state, "csv"));
  el("export-json").addEventListener("click", () => exportPoints(app.state, "json"));
  const { dataView, weightView } = app;
  el("export-png-data").addEventListener("click", () =>
    exportPng(
      dataView.canvas,
      "data-view.png",
      (s) => dataView.resize(dataView.size, s),
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

/** The control bar's state (pressed toggles, undo/redo, the status line): a view the app renders. */
export class ControlBar {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("./app.js").App} app */
  render(app) {
    const { el } = this;
    const { state } = app;
    el("class-plus").setAttribute("aria-pressed", String(state.addLabel > 0));
    el("class-minus").setAttribute("aria-pressed", String(state.addLabel < 0));
    el("delete-mode").setAttribute("aria-pressed", String(state.deleteMode));
    el("mode-origin").setAttribute("aria-pressed", String(!state.threshold));
    el("mode-threshold").setAttribute("aria-pressed", String(state.threshold));
    el("projector").setAttribute("aria-pressed", String(state.projector));
    el("explain-toggle").setAttribute("aria-pressed", String(state.explanations));
    el("preset").value = state.preset ?? CUSTOM;
    el("undo").disabled = app.history.undoStack.length === 0;
    el("redo").disabled = app.history.redoStack.length === 0;
    renderRingNote(app, el("ring-note"));
    const status = el("status");
    const msg = app.message ?? (app.scene?.notes.length ? { text: app.scene.notes.join(" "), kind: "note" } : null);
    status.textContent = msg ? msg.text : "";
    status.className = msg ? msg.kind : "";
  }
}

/**
 * The legend of the rings sized by the embedding strengths: what their area says and each rule's
 * largest x^μ (its largest ring), as the data view drew them.
 * @param {import("./app.js").App} app
 * @param {HTMLElement} note
 */
function renderRingNote(app, note) {
  note.hidden = !app.ringsByStrength;
  if (!app.ringsByStrength) return;
  const scales = app.dataView.ringScales.map((r) => `${NAMES[r.rule]} ${fmt(r.max)}`);
  note.textContent = `Ring area ∝ embedding strength x^μ (w = Σ x^μ S^μ ξ^μ), per rule in its colour; its largest ring is its largest x^μ${scales.length ? `: ${scales.join(", ")}` : ""}. Rosenblatt's and MinOver's x^μ count their updates on the example (1/N each). No ring: x^μ = 0.`;
}
