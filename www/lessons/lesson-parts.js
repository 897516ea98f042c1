/**
 * Sub-steps: a step revealed one → at a time, as a slide builds. A step's `reveal` lists what
 * each → shows, in order: "text" its next paragraph (the first is always shown), "look" and "try"
 * their lines, "traces", "eps" and "count" the race's or run's traces, ε_g and Cover's table;
 * drawn overlays: "optimum" the exact optimum (its line, band and arrow, its mark in the weight
 * view), "version-space" the version space's shading in the weight view, "lines" the rules' own
 * lines and marks. Until revealed a part keeps its place on the screen (it is only invisible), so
 * that the layout made when the step opens does not move. Running the step's action shows every
 * part but the look and try lines, whatever the part.
 */

/** What a step's `reveal` may name. */
export const LESSON_REVEALABLE = ["text", "look", "try", "traces", "eps", "count", "optimum", "version-space", "lines"];

/** The parts a lesson step can hide until revealed, other than its paragraphs (lesson.css hides each). */
export const REVEALED_NAMES = LESSON_REVEALABLE.filter((n) => n !== "text");

/** The paragraphs of a step's text, as the page shows them (lesson-text.js). @param {string} text */
export const paragraphsOf = (text) => text.split(/\n\s*\n/).filter((p) => p.trim()).length;

/** How many parts `step` has (1: shown whole). @param {{reveal: string[]}} step */
export const partsOf = (step) => 1 + step.reveal.length;

/**
 * What is still hidden at part `part` (from 0) of `step`: how many of its paragraphs are shown
 * (Infinity: all), and the other parts not shown yet.
 * @param {{reveal: string[]}} step
 * @param {number} part
 */
export function hiddenAt(step, part) {
  const shown = step.reveal.slice(0, part);
  const later = step.reveal.slice(part);
  const paragraphs = later.includes("text") ? 1 + shown.filter((n) => n === "text").length : Number.POSITIVE_INFINITY;
  return { paragraphs, names: new Set(later.filter((n) => n !== "text")) };
}

/**
 * What the step presented conceals now (its `hide` until the action has run, its parts not yet
 * revealed): names of REVEALED_NAMES. None outside a lesson.
 * @param {{lesson: {steps: {reveal: string[], hide: string[]}[]}, index: number, part: number, actionRan: boolean} | null} current
 * @returns {Set<string>}
 */
export function concealed(current) {
  if (!current) return new Set();
  const step = current.lesson.steps[current.index];
  const later = hiddenAt(step, current.part);
  const open = (/** @type {string} */ name) => current.actionRan && name !== "look" && name !== "try";
  return new Set(REVEALED_NAMES.filter((name) => (step.hide.includes(name) || later.names.has(name)) && !open(name)));
}

/**
 * Checks a step's `reveal` against the step it is in; throws naming what is wrong.
 * @param {any} reveal
 * @param {{text: string, look: string, try: string}} step
 * @returns {string[]}
 */
export function checkReveal(reveal, step) {
  if (reveal === undefined) return [];
  if (!Array.isArray(reveal) || reveal.length > 20) throw new Error(`reveal must be a list of at most 20 parts, each one of ${LESSON_REVEALABLE.join(", ")}`);
  const unknown = reveal.find((n) => !LESSON_REVEALABLE.includes(n));
  if (unknown !== undefined) throw new Error(`reveal: unknown part ${JSON.stringify(unknown)?.slice(0, 40)} (known: ${LESSON_REVEALABLE.join(", ")})`);
  const texts = reveal.filter((n) => n === "text").length;
  const paragraphs = paragraphsOf(step.text);
  if (texts > Math.max(0, paragraphs - 1))
    throw new Error(
      `reveal names "text" ${texts} times, but the text has ${paragraphs} paragraph(s): at most ${Math.max(0, paragraphs - 1)} (the first is always shown)`,
    );
  for (const name of REVEALED_NAMES) {
    if (reveal.filter((n) => n === name).length > 1) throw new Error(`reveal names "${name}" more than once`);
  }
  if (reveal.includes("look") && !step.look) throw new Error('reveal names "look", but the step has no look line');
  if (reveal.includes("try") && !step.try) throw new Error('reveal names "try", but the step has no try line');
  return [...reveal];
}
