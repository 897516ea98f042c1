/** Numbers and messages as the page writes them: the readouts' significant digits, the axes'
 * ticks, and the status lines' complete sentences. */

/** A number for the readout: 4 significant digits, "—" for NaN/undefined. @param {number | null | undefined} v @param {number} [digits] */
export function fmt(v, digits = 4) {
  if (v === null || v === undefined || Number.isNaN(v)) return "—";
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  return Number(v.toPrecision(digits)).toString().replace("-", "−");
}

/** An axis tick's value: as short as it is, without rounding noise. @param {number} v */
export function fmtTick(v) {
  return Number(v.toPrecision(6)).toString();
}

/**
 * `v` with its thousands grouped by commas and at most `fractionDigits` decimals, trailing zeros
 * dropped ("4,485.3", "136", "1,234,567"): what `toLocaleString("en", {maximumFractionDigits})`
 * writes (rounded as `toFixed` rounds), without Intl, whose first call costs tens of milliseconds
 * of the page's first frame.
 * @param {number} v @param {number} [fractionDigits]
 */
export function grouped(v, fractionDigits = 0) {
  const [whole, fraction = ""] = Math.abs(v).toFixed(fractionDigits).split(".");
  const digits = fraction.replace(/0+$/, "");
  const text = whole.replace(/\B(?=(\d{3})+$)/g, ",") + (digits ? `.${digits}` : "");
  return v < 0 ? `-${text}` : text;
}

/** A round step (1, 2 or 5 × 10^k) near `v`, for the ticks of an axis. @param {number} v */
export function niceStep(v) {
  const e = 10 ** Math.floor(Math.log10(v));
  const m = v / e;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * e;
}

/**
 * A message as a complete sentence: its first letter a capital (a Latin one only: `γ` is not `Γ`)
 * and a full stop at its end unless it has one (or `!`, `?`, `…`) or ends with a link, which a
 * full stop would spoil when copied. The core's messages (`epochs must be in (0, ∞), got -1`) and
 * the page's own pass through it before they are shown.
 * @param {string} text
 */
export function sentence(text) {
  const t = text.trim();
  if (!t) return t;
  const first = /^[a-z]/.test(t) ? t[0].toUpperCase() + t.slice(1) : t;
  return /[.!?…]$/.test(first) || /\S+:\/\/\S+$/.test(first) ? first : `${first}.`;
}

/**
 * The message of a thrown value: an Error's (the core's refusals are Errors), else the value as text.
 * @param {unknown} e
 */
export function errorMessage(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Whether a thrown value is a cancellation (an `AbortError`: a cancelled sweep).
 * @param {unknown} e
 */
export function isAbort(e) {
  return e instanceof Error && e.name === "AbortError";
}
