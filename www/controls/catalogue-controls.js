/** The control bar's parts built from the catalogue (shown-rule toggles — the rules compare
 * mode compares —, rule settings, preset menu, the rules' explanations), bound to the controller, and the control
 * bar as a view of the frame (pressed toggles, undo/redo, the status line, the rings' legend). */

import { ALGORITHMS, CORE, COLORS, INFO, LIMITS, NAMES, REFERENCES, SETTINGS, SHOWN_NAMES } from "../app/catalogue.js";
import { fmt, sentence } from "../text/format.js";
import { CUSTOM, FILE_PRESETS, FIXED_PRESETS, GENERATED_PRESETS } from "../app/presets.js";
import { setFields } from "../app/state.js";

/** @typedef {import("../app/controller.js").App} App */
/** @typedef {import("../app/state.js").PageState} PageState */

/** The preset menu: "custom" (the points are no preset: edited, cleared, imported; not choosable), then every preset. @param {(id: string) => any} el */
export function fillPresetMenu(el) {
  const select = el("preset");
  const custom = new Option("custom", CUSTOM, true, true);
  custom.disabled = true;
  select.append(custom);
  for (const p of [...FIXED_PRESETS, ...FILE_PRESETS, ...GENERATED_PRESETS]) select.append(new Option(p.name, p.id));
}

/** A label with a colour swatch in the rule's line style before `text`. @param {string} name @param {HTMLInputElement} input @param {string} text */
function swatchLabel(name, input, text) {
  const label = document.createElement("label");
  const swatch = document.createElement("span");
  swatch.className = "swatch-inline";
  swatch.style.borderTopColor = COLORS[name];
  if (INFO[name].dash.length) swatch.style.borderTopStyle = "dashed";
  label.append(input, swatch, text);
  return label;
}

/**
 * The shown-rule toggles (the core rules and the references; the rest of the family in a
 * drop-down panel with the settings they have) and the animation's rule menu.
 * @param {App} app
 * @param {(id: string) => any} el
 */
export function fillShownToggles(app, el) {
  const group = el("shown");
  /** The toggle of rule `name`. @param {string} name */
  const toggle = (name) => {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = app.state.shown[name];
    box.id = `show-${name}`;
    box.addEventListener("change", () => {
      app.beginEdit();
      setFields(app.state, { shown: { ...app.state.shown, [name]: box.checked } });
      app.commit();
      renderAlgorithmInfo(app.state, el);
    });
    const label = swatchLabel(name, box, ` ${NAMES[name]}`);
    label.title = `${INFO[name].rule}\nOptimises: ${INFO[name].optimises}\nStops: ${INFO[name].stops}`;
    return label;
  };
  for (const name of [...CORE, ...REFERENCES]) group.append(toggle(name));
  const more = document.createElement("details");
  more.id = "more-algorithms";
  const summary = document.createElement("summary");
  summary.textContent = "More algorithms";
  const list = document.createElement("div");
  list.className = "more-list";
  for (const name of ALGORITHMS) if (!CORE.includes(name)) list.append(toggle(name));
  for (const name of ALGORITHMS) if (INFO[name].setting) list.append(ruleInput(app, name, INFO[name].setting));
  more.append(summary, list);
  group.append(more);
  const select = el("anim-algorithm");
  select.replaceChildren(...ALGORITHMS.filter((n) => INFO[n].animatable).map((n) => new Option(NAMES[n], n)));
}

/**
 * A number input bound to the rule's setting `setting.key` in `app.state.rules` (its default the
 * catalogue limit `setting.limit`); a bad value is refused with a message.
 * @param {App} app
 * @param {string} name
 * @param {import("../pkg/perceptron_lab.js").Setting} setting
 */
function ruleInput(app, name, setting) {
  const key = setting.key;
  const text = `${NAMES[name]} ${setting.symbol}`;
  const label = document.createElement("label");
  label.className = "label";
  // the catalogue's settings name fields of the core's limits
  label.title = `${setting.symbol} of ${NAMES[name]} (default ${LIMITS[/** @type {keyof import("../pkg/perceptron_lab.js").Limits} */ (setting.limit)]}): ${INFO[name].rule}`;
  const input = document.createElement("input");
  input.type = "number";
  input.className = "num";
  input.id = `rule-${key}`;
  input.step = "any";
  input.min = "0";
  input.value = String(app.state.rules[key]);
  /** Sets the rule's setting to `v` as one edit (a bad value is refused with a message). @param {number} v @param {string} typed */
  const set = (v, typed) => {
    try {
      app.setRules({ [key]: v });
    } catch {
      app.setMessage(`${text} must be in ${SETTINGS[setting.table]?.range}, got "${typed}"`, "error");
    }
    syncRuleInputs(app.state, key);
  };
  input.addEventListener("change", () => set(Number(input.value), input.value));
  label.append(`${text} `, input);
  // a setting's `range` names a [min, max] field of the core's limits
  const range = setting.range ? /** @type {[number, number]} */ (LIMITS[/** @type {keyof import("../pkg/perceptron_lab.js").Limits} */ (setting.range)]) : null;
  if (range) label.append(" ", logSlider(key, text, range, input, set));
  return label;
}

/**
 * A logarithmic slider over `[min, max]` (the catalogue's range) for the rule setting `key`,
 * beside its number input: moving it shows the value in the input, letting go sets it (one edit,
 * three significant digits). A value typed outside the range puts the slider at its end.
 * @param {string} key
 * @param {string} text
 * @param {number[]} range
 * @param {HTMLInputElement} input
 * @param {(v: number, typed: string) => void} set
 */
function logSlider(key, text, [min, max], input, set) {
  const slider = document.createElement("input");
  slider.type = "range";
  slider.id = `rule-${key}-slider`;
  slider.min = String(Math.log10(min));
  slider.max = String(Math.log10(max));
  slider.step = "0.01";
  slider.setAttribute("aria-label", `${text} (logarithmic, ${min} to ${max})`);
  slider.title = `${text}: ${min} … ${max} on a logarithmic scale; type any positive value in the box`;
  slider.value = String(Math.min(Math.log10(max), Math.max(Math.log10(min), Math.log10(Number(input.value)))));
  const value = () => Number((10 ** Number(slider.value)).toPrecision(3));
  slider.addEventListener("input", () => {
    input.value = String(value());
  });
  slider.addEventListener("change", () => set(value(), String(value())));
  return slider;
}

/** The number input and slider (if any) of rule setting `key` as `state` has it. @param {PageState} state @param {string} key */
function syncRuleInputs(state, key) {
  const v = state.rules[key];
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`rule-${key}`));
  if (input) input.value = String(v);
  const slider = /** @type {HTMLInputElement | null} */ (document.getElementById(`rule-${key}-slider`));
  if (slider) slider.value = String(Math.min(Number(slider.max), Math.max(Number(slider.min), Math.log10(v))));
}

/** Beside the views: for each shown rule, what it optimises, when it stops, its update rule. @param {PageState} state @param {(id: string) => any} el */
function renderAlgorithmInfo(state, el) {
  const items = ALGORITHMS.filter((n) => state.shown[n]).map((name) => {
    const p = document.createElement("p");
    const b = document.createElement("b");
    b.textContent = NAMES[name];
    const rule = document.createElement("code");
    rule.textContent = INFO[name].rule;
    p.append(b, ` optimises ${INFO[name].optimises}; stops ${INFO[name].stops}. `, rule);
    return p;
  });
  el("algorithm-info").replaceChildren(...items);
}

/** The toggles, the rule settings and the explanations as the state has them (after undo, a link, compare mode). @param {PageState} state @param {(id: string) => any} el */
export function syncShownToggles(state, el) {
  el("compare").setAttribute("aria-pressed", String(state.compare));
  for (const name of SHOWN_NAMES) el(`show-${name}`).checked = state.shown[name];
  for (const key of Object.keys(state.rules)) syncRuleInputs(state, key);
  renderAlgorithmInfo(state, el);
}

/** The control bar's state (pressed toggles, undo/redo, the status line): a view of the frame. */
export class ControlBar {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const { el } = this;
    const { state } = frame;
    el("class-plus").setAttribute("aria-pressed", String(state.addLabel > 0));
    el("class-minus").setAttribute("aria-pressed", String(state.addLabel < 0));
    el("delete-mode").setAttribute("aria-pressed", String(state.deleteMode));
    el("mode-origin").setAttribute("aria-pressed", String(!state.threshold));
    el("mode-threshold").setAttribute("aria-pressed", String(state.threshold));
    el("projector").setAttribute("aria-pressed", String(state.projector));
    el("explain-toggle").setAttribute("aria-pressed", String(state.explanations));
    el("preset").value = state.preset ?? CUSTOM;
    el("undo").disabled = !frame.canUndo;
    el("redo").disabled = !frame.canRedo;
    renderRingNote(frame, el("ring-note"));
    const status = el("status");
    const notes = frame.trained?.notes ?? [];
    const msg = state.message ?? (notes.length ? { text: notes.join(" "), kind: "note" } : null);
    status.textContent = msg ? sentence(msg.text) : "";
    status.className = msg ? msg.kind : "";
  }
}

/**
 * The legend of the rings sized by the embedding strengths: what their area says and each rule's
 * largest x^μ (its largest ring), as the frame's rings have them.
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {HTMLElement} note
 */
function renderRingNote(frame, note) {
  note.hidden = !frame.state.ringsByStrength;
  if (note.hidden) return;
  const scales = frame.rings.scales.map((r) => `${NAMES[r.rule]} ${fmt(r.max)}`);
  const counting = ALGORITHMS.filter((n) => INFO[n].strengthCountsUpdates).map((n) => `${NAMES[n]}'s`);
  const counts = counting.length ? ` ${counting.join(" and ")} x^μ count their updates on the example (1/N each).` : "";
  note.textContent = `Ring area ∝ embedding strength x^μ (w = Σ x^μ S^μ ξ^μ), per rule in its colour; its largest ring is its largest x^μ${scales.length ? `: ${scales.join(", ")}` : ""}.${counts} No ring: x^μ = 0.`;
}
