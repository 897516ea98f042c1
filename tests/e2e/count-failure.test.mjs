// The count panel's failure is a sentence (it read "The count failed: …" without its full stop):
// the panel drawn on stand-ins for its elements, with a frame whose count failed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CountPanel } from "../../www/views/count-panel.js";

test("a failed count is said in a complete sentence", () => {
  const els = {};
  const el = (id) => {
    els[id] ??= { hidden: false, textContent: "", classList: { toggle() {} }, tBodies: [{ replaceChildren() {} }], replaceChildren() {} };
    return els[id];
  };
  const panel = new CountPanel(el);
  const frame = (error) => ({ state: { points: [], threshold: false }, counts: { counts: null, error, waiting: false }, revision: 1 });
  panel.render(/** @type {any} */ (frame("the count ran out of memory")));
  assert.equal(els["count-note"].textContent, "The count failed: the count ran out of memory.");
  panel.render(/** @type {any} */ (frame("no labelling could be tested!")));
  assert.equal(els["count-note"].textContent, "The count failed: no labelling could be tested!");
});
