/**
 * The site's root (where index.html and sw.js are), two folders above this module — and above the
 * bundle (www/bundle/main.js, scripts/bundle.mjs), which sits at the same depth. (A function: the
 * single-file build, a classic script, has no module URL and never asks.)
 */
export const siteRoot = () => new URL("../../", import.meta.url);
