// The first screen's measures, run in the page (page.evaluate): the visible interactive controls
// and where the data and weight views lie. Shared by tests/e2e/first-screen.test.mjs and
// bench/first-screen.mjs.

/**
 * `controls`: those of them on the first screen (inside the window without scrolling);
 * `{controls, names, pageControls, views: {data, weights}, inside, viewShare, pageHeight}`: the interactive
 * elements drawn anywhere on the page (not hidden, not in a closed disclosure or dialog, with a
 * size, not pushed out of the page like the skip link), the views' rectangles, whether both lie
 * fully inside the window at the top of the page, and the share of the window they cover.
 */
export function firstScreen() {
  window.scrollTo(0, 0);
  const selector = 'button, select, textarea, input:not([type="hidden"]), summary, a[href], [tabindex]:not([tabindex="-1"])';
  const drawn = (e) => {
    if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && r.bottom + window.scrollY > 0 && r.right > 0;
  };
  const controls = [...document.querySelectorAll(selector)].filter(drawn);
  // those on the first screen: some of them inside the window without scrolling
  const onScreen = controls.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  });
  const rect = (id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  };
  const views = { data: rect("data-view"), weights: rect("weight-view") };
  const inside = Object.values(views).every((r) => r.width > 0 && r.left >= 0 && r.top >= 0 && r.left + r.width <= innerWidth && r.top + r.height <= innerHeight);
  const area = Object.values(views).reduce(
    (s, r) => s + Math.max(0, Math.min(r.left + r.width, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.top + r.height, innerHeight) - Math.max(r.top, 0)),
    0,
  );
  return {
    controls: onScreen.length,
    names: onScreen.map((e) => e.id || e.getAttribute("aria-label") || e.textContent.trim().slice(0, 20)),
    pageControls: controls.length,
    views,
    inside,
    viewShare: area / (innerWidth * innerHeight),
    pageHeight: document.documentElement.scrollHeight,
  };
}
