// The first screen at 1280×720 (or --size WxH): how many interactive controls are visible before
// anything is opened (buttons, menus, fields, checkboxes, sliders, disclosure summaries, links and
// focusable canvases drawn on the page, anywhere on it), whether the data and weight views lie
// fully inside the window without scrolling, and the share of the window they cover; the page's
// height. Usage: node bench/first-screen.mjs [--size 1280x720]
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";
import { firstScreen } from "../tests/e2e/first-screen-measure.mjs";

const arg = process.argv.indexOf("--size");
const [width, height] = (arg > 0 ? process.argv[arg + 1] : "1280x720").split("x").map(Number);
const server = await serve();
const browser = await launch({ viewport: { width, height }, groups: false });
try {
  const { page } = await openLab(browser.context, server.url, { groups: false });
  const m = await page.evaluate(firstScreen);
  console.log(JSON.stringify({ viewport: `${width}×${height}`, ...m }, null, 1));
} finally {
  await browser.close();
  server.close();
}
