// @ts-check
/** Numbers as the page writes them: the readouts' significant digits and the axes' ticks. */

/** A number for the readout: 4 significant digits, "—" for NaN/undefined. */
export function fmt(v, digits = 4) {
  if (v === null || v === undefined || Number.isNaN(v)) return "—";
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  return Number(v.toPrecision(digits)).toString().replace("-", "−");
}

/** An axis tick's value: as short as it is, without rounding noise. */
export function fmtTick(v) {
  return Number(v.toPrecision(6)).toString();
}

/** A round step (1, 2 or 5 × 10^k) near `v`, for the ticks of an axis. */
export function niceStep(v) {
  const e = 10 ** Math.floor(Math.log10(v));
  const m = v / e;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * e;
}
