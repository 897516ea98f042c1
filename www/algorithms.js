/** The training rules as the page presents them: what each optimises, when it stops, its update
 * rule (plain text: it goes into textContent). Names are the core's (train::ALGORITHMS). */

/** Every rule, in the order of the menus. */
export const ALGORITHMS = [
  "rosenblatt",
  "minover",
  "adatron",
  "hebb",
  "adaline",
  "adaline-batch",
  "pocket",
  "soft-margin",
  "logistic",
  "logistic-squared",
  "perceptron-notes",
];

/** Always trained in the data view (getState().algorithms has them whatever is shown). */
export const CORE = ["rosenblatt", "minover", "adatron"];

/** `{optimises, stops, rule}` per rule. */
export const INFO = {
  rosenblatt: {
    optimises: "any separating line (no margin asked for)",
    stops: "after an epoch without errors; on non-separable data at the epoch limit",
    rule: "if Eμ = (w·ξμ − θ)Sμ ≤ 0:  w ← w + ξμSμ/N,  θ ← θ − Sμ/N",
  },
  minover: {
    optimises: "the maximal stability κ_max (the widest margin)",
    stops: "when the certified gap |w|/Σxμ − κ(w) is below the tolerance, or at the step limit",
    rule: "ν = argmin_μ Eμ;  w ← w + ξνSν/N",
  },
  adatron: {
    optimises: "the maximal stability κ_max, by coordinate ascent on the embedding strengths",
    stops: "when the certified gap is below the tolerance, or at the step limit",
    rule: "xμ ← max(0, xμ + (1 − Eμ)/|ξμ|²);  w = Σ xμ Sμ ξμ",
  },
  hebb: {
    optimises: "nothing: it adds every example once (the correlation of inputs and labels)",
    stops: "after one pass",
    rule: "w = (1/N) Σμ ξμ Sμ,  θ = −(1/N) Σμ Sμ",
  },
  adaline: {
    optimises: "the squared error ½ Σμ (1 − Eμ)² (every example at potential 1)",
    stops: "when w changes less than 10⁻⁶ (relative) in an epoch, or at the epoch limit",
    rule: "w ← w + (η/N)(1 − Eμ) ξμSμ,  η = 1/max Cμμ (stable below 2/max Cμμ)",
  },
  "adaline-batch": {
    optimises: "the squared error ½ Σμ (1 − Eμ)², by gradient steps over all examples at once",
    stops: "when w changes less than 10⁻⁶ (relative) in a step, or at the epoch limit",
    rule: "w ← w + (η/N) Σμ (1 − Eμ) ξμSμ,  η = 1/λ̂ with λ̂ ≥ λ_max(C) (Gershgorin)",
  },
  pocket: {
    optimises: "the fewest training errors (works on non-separable data)",
    stops: "when the pocket holds a line without errors, or at the epoch limit",
    rule: "Rosenblatt steps on random examples; keep w in the pocket when it makes fewer errors",
  },
  "soft-margin": {
    optimises: "|w|²/2 + γ Σμ slackμ: a wide margin, paying γ per unit of violation",
    stops: "when the optimality (KKT) conditions hold to 10⁻⁶, or at the step limit",
    rule: "xμ ← clip(xμ + (1 − Eμ)/|ξμ|², 0, γ): AdaTron with bounded strengths",
  },
  logistic: {
    optimises: "the cross-entropy −Σμ [tμ ln σ(aμ) + (1 − tμ) ln(1 − σ(aμ))], t = 0/1",
    stops: "when w settles (10⁻⁵ relative per epoch) or at the epoch limit; on separable data |w| grows for ever",
    rule: "w ← w − (η/N)(σ(aμ) − tμ) ξμ,  θ ← θ + (η/N)(σ(aμ) − tμ),  a = w·ξ − θ",
  },
  "logistic-squared": {
    optimises: "the squared error ½ Σμ (σ(aμ) − tμ)² of the sigmoid output",
    stops: "as logistic; note how slowly it leaves a confidently wrong start (σ′ → 0)",
    rule: "w ← w − (η/N)(σ − t) σ(1 − σ) ξμ",
  },
  "perceptron-notes": {
    optimises: "any separating line, as in the lecture notes (0/1 targets, learning rate η)",
    stops: "after an epoch without mistakes, or at the epoch limit",
    rule: "y = [w·x ≥ θ];  w ← w + η(t − y)x,  θ ← θ − η(t − y); random start in [−1, 1]",
  },
};
