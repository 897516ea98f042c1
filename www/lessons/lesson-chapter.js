/**
 * The built-in lesson: Biehl's chapter 3 and §4.1 in order, one step per idea, each with the
 * state that shows it. Written as a lesson file (lesson-format.js) would hold it; the teacher
 * sets are drawn by the core (`teacherSet`) from their seeds, so the file stays short and a step
 * shows the same points every time.
 */

import { LESSON_FORMAT } from "./lesson-format.js";
import { FIXED_PRESETS } from "../app/presets.js";
import { teacherOfSet } from "../training/teacher.js";

/** The lesson's id (its link: `?lesson=chapter`). */
export const CHAPTER_ID = "chapter";

/**
 * A fixed preset's points and mode, as a step's state holds them.
 * @param {string} id
 */
function preset(id) {
  const p = /** @type {(typeof FIXED_PRESETS)[number]} */ (FIXED_PRESETS.find((q) => q.id === id));
  return { points: p.points.map((q) => [q.x, q.y, q.label]), threshold: p.threshold, preset: id };
}

/**
 * The chapter as a lesson file.
 * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core (its teacher sets)
 */
export function chapterLesson(wasm) {
  /** A teacher set of `p` points (seed, label noise λ) with its teacher, as a step's state holds them. @param {number} p @param {number} seed @param {number} [noise] */
  const teacherSet = (p, seed, noise = 0) => {
    const set = wasm.teacherSet(p, seed, noise);
    const points = Array.from(set.ys, (label, i) => [set.xs[2 * i], set.xs[2 * i + 1], label]);
    return { points, threshold: false, teacher: teacherOfSet(Array.from(set.teacher), noise), showTeacher: true, seed, preset: noise > 0 ? "noisy" : "teacher" };
  };
  /** The exact optimum and the rules `names` ticked. @param {...string} names */
  const shown = (...names) => ["exact", ...names];
  return {
    format: LESSON_FORMAT,
    id: CHAPTER_ID,
    title: "The perceptron (Biehl, chapter 3 and §4.1)",
    steps: [
      {
        title: "The perceptron as a separating line (§3.2)",
        text: "A perceptron answers $S = \\operatorname{sign}(\\mathbf{w}\\cdot\\boldsymbol{\\xi})$. Every input on one side of the line $\\mathbf{w}\\cdot\\boldsymbol{\\xi} = 0$ gets $+1$, every input on the other side $-1$; the weight vector $\\mathbf{w}$ is the line's normal.\n\nA data set is linearly separable when some $\\mathbf{w}$ gives every example its label: $S^\\mu\\,\\mathbf{w}\\cdot\\boldsymbol{\\xi}^\\mu > 0$ for all $\\mu$.",
        look: "The line of the perceptron of optimal stability, dashed, and its arrow w.",
        try: "Drag a point across the line; click a point to flip its label and watch the line follow — or disappear when no line separates the classes.",
        notes:
          "Ask first: which side of the line is +1? Then flip one point so that no line is left — the line disappears and the status line says the set is not separable. Keep the two ideas apart: the line is where w·ξ = 0; w is its normal, not a point on it.",
        task: { check: "not-separable", text: "Make the set not linearly separable by relabelling one point." },
        views: ["data", "readout"],
        action: "none",
        state: { ...preset("six"), shown: shown() },
      },
      {
        title: "Rosenblatt's rule, step by step (§3.3.3, Fig. 3.4)",
        text: "Present the examples in turn. When example $\\mu$ is misclassified, $E^\\mu = \\mathbf{w}\\cdot\\boldsymbol{\\xi}^\\mu S^\\mu \\le 0$, move $\\mathbf{w}$ towards it:\n\n$$\\mathbf{w} \\leftarrow \\mathbf{w} + \\tfrac{1}{N}\\,\\boldsymbol{\\xi}^\\mu S^\\mu .$$\n\nThe rule stops after an epoch without an error: at the first separating line it finds.",
        look: "The example presented is ringed; the line turns only on a mistake.",
        try: "Space plays the run; Step and the scrubber go through it one update at a time.",
        notes:
          "Before Space, ask where the line will go after the first mistake. Pause after two or three updates: the line turns only when the ringed example is misclassified. The run stops after an epoch without an error — at the first separating line, not the best one.",
        views: ["data", "weights", "player"],
        action: "animate",
        state: { ...preset("six"), shown: shown("rosenblatt"), animate: "rosenblatt", speed: 2 },
      },
      {
        title: "The convergence theorem: M ≤ M* (§3.3.5)",
        text: "On a separable set Rosenblatt's rule stops after at most\n\n$$M^* = \\frac{\\max_\\mu |\\boldsymbol{\\xi}^\\mu|^2}{\\kappa_{\\max}^2}$$\n\nupdates, whatever the order of the examples: the smaller the margin $\\kappa_{\\max}$, the longer it may take.",
        look: "The count of updates M(t) climbs under the bound M*, drawn as a line.",
        try: "Drag a point towards the line: κ_max shrinks and M* grows.",
        notes:
          "Ask the class to guess how many updates Rosenblatt needs before pressing Space: the traces are hidden until the race starts. M(t) stays under M*; the bound is loose — often by a factor of ten. Then drag a point towards the line: κ_max shrinks and M* grows as 1/κ_max².",
        hide: ["traces"],
        reveal: ["text", "text", "look"],
        task: { check: "updates-at-least", value: 60, text: "Drag points towards the line until Rosenblatt needs at least 60 updates." },
        views: ["data", "player"],
        action: "race",
        state: { ...teacherSet(16, 30), showTeacher: false, shown: shown("rosenblatt"), compare: true, speed: 20 },
      },
      {
        title: "Cover's count: the cells of weight space (§3.4)",
        text: "Each point cuts weight space in two; $P$ points in general position cut the $N$-dimensional space into\n\n$$C(P, N) = 2\\sum_{i=0}^{N-1}\\binom{P-1}{i}$$\n\ncells, one per separable labelling. With a threshold, $N = 3$: four points give $C(4, 3) = 14$ of the $2^4 = 16$ labellings — pizza and cake.",
        look: "The numbered cells of the (φ, θ) plane; the table counts them against Cover's formula.",
        try: "Point at a cell to see its labelling previewed in the data view; move a point onto a line through two others and watch the count drop.",
        notes:
          "Count the cells with the class first: 14 of 16 labellings. The two missing ones are the XOR-like labellings of the four points. Moving a point onto the line through two others makes the points degenerate and the count drops.",
        reveal: ["text", "count", "text", "look"],
        views: ["data", "weights", "count"],
        action: "none",
        state: {
          points: [
            [1, 1.5, 1],
            [2.5, 0.5, 1],
            [-1, 2, -1],
            [0.5, -1.5, -1],
          ],
          threshold: true,
          // the data view is wide and low beside the count table: room above (1.5, 2) and below
          // (0.5, −1.5) for the points' marks and rings
          view: { cx: 0.75, cy: 0.25, half: 2.5 },
          shown: shown(),
          cells: true,
        },
      },
      {
        title: "The version space (§3.5.2)",
        text: "Through the origin only the direction of $\\mathbf{w}$ counts: the perceptrons that classify every example correctly form an arc of the circle $|\\mathbf{w}| = 1$, the version space\n\n$$\\mathcal{V} = \\{\\mathbf{w} : S^\\mu\\,\\mathbf{w}\\cdot\\boldsymbol{\\xi}^\\mu > 0 \\text{ for all } \\mu\\}.$$\n\nEvery new example can only cut it shorter.",
        look: "The arc in the weight view, and where each rule's w lies on it.",
        try: "Flip a label: the arc jumps or vanishes. Zoom into the lower plot with the wheel.",
        notes:
          "Through the origin, only the direction of w counts, so the version space is an arc. Ask where on the circle the perceptrons that classify every example lie, then → shades the arc. Every new example can only shorten it; a flipped label can make it vanish. Point out where Rosenblatt's and MinOver's w lie on the arc: both inside; MinOver's at the optimum, which is not the arc's middle: it makes the smallest distance of an example from the line as large as it can be, and here the two ringed examples near the origin put it near one end of the arc.",
        reveal: ["version-space", "text", "text"],
        views: ["data", "weights", "readout"],
        action: "none",
        state: { ...teacherSet(8, 3), showTeacher: false, shown: shown("rosenblatt", "minover") },
      },
      {
        title: "Student and teacher: ε_g live (§3.5.1–3.5.3)",
        text: "A teacher $\\mathbf{w}^*$ labels the examples; a student learns from them. On a new random input the student disagrees with the teacher with probability\n\n$$\\varepsilon_g = \\frac{1}{\\pi}\\arccos R, \\qquad R = \\frac{\\mathbf{w}\\cdot\\mathbf{w}^*}{|\\mathbf{w}|\\,|\\mathbf{w}^*|}.$$",
        look: "The teacher's dotted line, and ε_g of each rule falling as examples come.",
        try: "Space adds an example drawn from the teacher's distribution; → goes on.",
        notes:
          "ε_g is hidden until the first example: ask the class how it will fall as examples come. Add a few with Space; ε_g falls but not monotonically for one set — the learning curves average over many.",
        hide: ["eps"],
        reveal: ["text", "look"],
        views: ["data", "weights", "teacher", "readout"],
        action: "add-example",
        state: { ...teacherSet(4, 5), shown: shown("rosenblatt", "minover") },
      },
      {
        title: "Gibbs and Bayes (§3.5.4)",
        text: "The Gibbs student is a perceptron drawn at random from the version space; for $N \\to \\infty$ its error falls as $\\varepsilon_G \\approx 0.625/\\alpha$. The Bayes student votes with the whole version space — its centre of mass — and does best: $R_B = \\sqrt{R_G}$, $\\varepsilon_B \\approx 0.442/\\alpha$.",
        look: "The Gibbs samples inside the version space and the Bayes centre of mass.",
        try: "Add examples with Space and compare their ε_g with the rules'.",
        notes:
          "The Gibbs student is one random point of the version space; Bayes is its centre of mass. With few examples the difference is large; add examples and both approach the rules. Quote the asymptotics: 0.625/α against 0.442/α.",
        views: ["data", "weights", "teacher", "readout"],
        action: "add-example",
        // the lower plot zoomed onto the arc (as "Fit the version space" does), where the Gibbs
        // samples, the Bayes mark and MinOver's lie apart rather than in one spot of the whole
        state: { ...teacherSet(8, 11), shown: shown("gibbs", "bayes", "minover"), weightWindow: { phi0: 0.51, phi1: 0.8, lo: -0.02, hi: 0.08, kind: "arc" } },
      },
      {
        title: "Stability and κ_max (§3.6.1)",
        text: "The stability of example $\\mu$ is its signed distance from the line, and the perceptron's stability is the smallest:\n\n$$\\kappa(\\mathbf{w}) = \\min_\\mu \\frac{S^\\mu\\,\\mathbf{w}\\cdot\\boldsymbol{\\xi}^\\mu}{|\\mathbf{w}|}.$$\n\nThe perceptron of optimal stability maximises it, $\\kappa_{\\max} = \\max_{\\mathbf{w}} \\kappa(\\mathbf{w})$: the widest band that keeps every example outside.",
        look: "Rosenblatt's band against the optimum's; the support vectors ringed on its edges.",
        try: "Drag a support vector: the optimal line moves; drag any other point: it stays.",
        notes:
          "Show the two bands: Rosenblatt's (narrow, wherever its run stopped) and the optimum's (the widest). Drag a support vector to move the optimal line, then a point off the band to show that it stays.",
        task: { check: "kappa-below", value: 0.5, text: "Drag a point towards the line until κ_max is below 0.5." },
        views: ["data", "weights", "readout"],
        action: "none",
        state: { ...preset("six"), shown: shown("rosenblatt") },
      },
      {
        title: "The race: Rosenblatt against MinOver (§3.6.2)",
        text: "MinOver updates on the least stable example, $\\nu = \\arg\\min_\\mu E^\\mu$, and does not stop at the first separating line. Writing $\\mathbf{w} = \\sum_\\mu x^\\mu S^\\mu \\boldsymbol{\\xi}^\\mu$ with $x^\\mu \\ge 0$ certifies how far it is from the optimum:\n\n$$\\kappa(\\mathbf{w}) \\le \\kappa_{\\max} \\le \\frac{|\\mathbf{w}|}{\\sum_\\mu x^\\mu}.$$",
        look: "Rosenblatt stops; MinOver's κ(w) climbs on to κ_max between its certified bounds.",
        try: "Space races them; scrub back to any step.",
        notes:
          "Ask which rule ends with the larger κ before pressing Space: the traces and the lines where the rules end are hidden until then. Rosenblatt stops at its first separating line; MinOver climbs on towards κ_max, squeezed between its certified bounds.",
        hide: ["traces", "lines"],
        reveal: ["text", "look"],
        views: ["data", "player"],
        action: "race",
        state: { ...teacherSet(12, 27), showTeacher: false, shown: shown("rosenblatt", "minover"), compare: true, speed: 20 },
      },
      {
        title: "Adaline and AdaTron: embedding strengths and support vectors (§3.7)",
        text: "Both rules learn the embedding strengths $x^\\mu$ of $\\mathbf{w} = \\frac{1}{N}\\sum_\\mu x^\\mu S^\\mu \\boldsymbol{\\xi}^\\mu$. AdaTron keeps them non-negative,\n\n$$x^\\mu \\leftarrow \\max\\bigl(0,\\; x^\\mu + \\eta\\,(1 - E^\\mu)\\bigr),$$\n\nand reaches the perceptron of optimal stability: only the support vectors keep $x^\\mu > 0$. Adaline asks $E^\\mu = 1$ of every example and ends at the least-squares solution instead.",
        look: "The rings, sized by x^μ: AdaTron's sit on the support vectors only.",
        try: "Space plays AdaTron; drag a ringed point and one without a ring.",
        notes:
          "Before Space, AdaTron's rings sit on the two support vectors only, with the exact optimum's; Adaline has none (its strengths are not kept non-negative). While AdaTron plays, its ring marks the example presented (its final rings are left out, as its final line is); once its run has ended, its rings are back on the two support vectors. Drag a point without a ring: AdaTron's line does not move. Drag a ringed one: it does.",
        views: ["data", "weights", "readout", "player"],
        action: "animate",
        state: { ...preset("six"), shown: shown("adaline", "adatron"), animate: "adatron", speed: 5, rings: true },
      },
      {
        title: "The threshold: the (φ, θ) plane (§3.8)",
        text: "With a threshold the perceptron answers $S = \\operatorname{sign}(\\mathbf{w}\\cdot\\boldsymbol{\\xi} - \\theta)$: the line need not pass through the origin. Its weight space is the plane of direction $\\varphi$ and threshold $\\theta$, and the version space a band in it.",
        look: "The band of (φ, θ) that separates the two groups, and each rule's point in it.",
        try: "Drag a group towards the other: the band narrows; press “through the origin” and no line is left.",
        notes:
          "With a threshold the version space is a band in the (φ, θ) plane. Press 'through the origin' to show that no line through the origin separates the groups. Drag one group towards the other to narrow the band.",
        views: ["data", "weights", "readout"],
        controls: ["boundary"],
        action: "none",
        state: { ...preset("offset"), shown: shown("rosenblatt", "minover") },
      },
      {
        title: "Learning curves against the theory (§3.5–3.6)",
        text: "Averaged over many teacher sets, $\\varepsilon_g$ falls with $\\alpha = P/N$. Statistical mechanics gives the curves for $N \\to \\infty$: Hebb, Gibbs ($\\approx 0.625/\\alpha$), maximal stability ($\\approx 0.5005/\\alpha$) and Bayes ($\\approx 0.442/\\alpha$).",
        look: "The simulated points of Hebb and MinOver against their theory curves (MinOver's: maximal stability); Rosenblatt's points have no curve of their own.",
        try: "Space runs the sweep in the background; the page stays usable.",
        notes:
          "The sweep runs in the background (a few seconds). While it runs, ask which rule will be best at large α. The simulated points of N = 20 lie near the N → ∞ curves already.",
        views: ["curves"],
        action: "run-curves",
        state: {
          ...preset("six"),
          shown: shown(),
          curves: {
            fields: { "lc-n": "20", "lc-alpha-start": "0.5", "lc-alpha-stop": "6", "lc-alpha-count": "12", "lc-reps": "20" },
            algorithms: ["rosenblatt", "minover", "hebb"],
          },
        },
      },
      {
        title: "Beyond separability: pocket and the soft margin (§4.1)",
        text: "With noisy labels no line separates the classes and Rosenblatt's rule never stops. The pocket algorithm keeps the best $\\mathbf{w}$ seen so far; the soft margin trades the width of the band against the violations,\n\n$$\\min_{\\mathbf{w}}\\; \\tfrac{1}{2}|\\mathbf{w}|^2 + \\gamma \\sum_\\mu \\max\\bigl(0,\\, 1 - E^\\mu\\bigr).$$",
        look: "Pocket's errors fall in steps; the soft margin's dashed rings mark the points inside its band or on the wrong side.",
        try: "Space races them; raise γ (beside this text) towards the hard margin.",
        notes:
          "No line separates the noisy set: Rosenblatt would never stop. Ask before Space which rule will end with fewer errors; the traces are hidden until the race. Pocket's errors fall in steps (here from 17 to 2 within its first 130 steps). The soft margin rings every point with slack β^μ > 0: inside its band or misclassified — about a quarter of the set at γ = 1. Raise γ to move the soft margin towards the hard margin: its band narrows and fewer points are ringed (17 at γ = 1, 11 at γ = 10).",
        hide: ["traces"],
        views: ["data", "player"],
        controls: ["gamma"],
        action: "race",
        // a set whose pocket starts far from its best (17 errors) and pockets better lines in
        // steps down to 2
        state: { ...teacherSet(60, 6, 0.1), showTeacher: false, shown: shown("pocket", "soft-margin"), compare: true, speed: 800 },
      },
    ],
  };
}
