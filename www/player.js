// @ts-check
/**
 * Step, play at a speed, pause and scrub over a recorded history: the training animation
 * (`animation.js`) and compare mode's race (`race.js`) are both players, with the same controls
 * (Step, Play/Pause, Reset, a speed slider and a scrubber) bound and drawn by the same code.
 */

/** Most steps one animation frame takes while playing (fast speeds on a slow machine). */
const MAX_STEPS_PER_FRAME = 500;
/** The speed a player starts with, in steps per second (the sliders' initial 33 of 100). */
export const DEFAULT_SPEED = 10;

/**
 * The speed of a slider position: 0..100 on a logarithmic scale, 1 to 1000 steps per second.
 * @param {number} position
 */
export function speedOfSlider(position) {
  return Math.round(10 ** (3 * (position / 100)));
}

/**
 * A recorded history that can be stepped, played and scrubbed. A subclass says how to start
 * (`ensure`), how long the history is (`length`, with the start: at least 1), whether the run
 * has stopped (`stopped`), how to take a new step at its end (`advance`) and how to forget it
 * (`clear`); `index` is the recorded step shown. `A`: the app it redraws; `H`: the core's handle
 * of the run (`Animation`, `Race`), null until the run starts.
 * @template {{scheduleRender: () => void}} A
 * @template {{stopped: boolean, free: () => void}} H
 */
export class Player {
  /**
   * @param {A} app
   * @param {typeof import("./pkg/perceptron_lab.js")} wasm the core's exports
   */
  constructor(app, wasm) {
    this.app = app;
    this.wasm = wasm;
    /** @type {H | null} the core's run */
    this.handle = null;
    this.speed = DEFAULT_SPEED; // steps per second
    this.playing = false;
    /** @type {number | null} the pending animation frame while playing */
    this.raf = null;
    /** the recorded step shown (0: the start) */
    this.index = 0;
  }

  /** Starts the run if it has not started; false if it cannot. */
  ensure() {
    return false;
  }

  /** Recorded steps, with the start. */
  get length() {
    return 1;
  }

  /** Whether the run has stopped (no new step can be taken; none before it starts). */
  get stopped() {
    return this.handle?.stopped ?? true;
  }

  /** Takes a new step at the end of the history. */
  advance() {}

  /** Forgets the run. */
  clear() {
    this.pause();
    this.index = 0;
    this.handle?.free();
    this.handle = null;
  }

  /** One step forward: through the recorded history if scrubbed back, else a new step of the run. Returns whether more steps can follow. */
  step() {
    if (!this.ensure()) return false;
    if (this.index < this.length - 1) {
      this.index += 1;
      return true;
    }
    if (this.stopped) return false;
    this.advance();
    this.index = this.length - 1;
    return !this.stopped;
  }

  /**
   * Shows recorded step `i` (clamped to the history).
   * @param {number} i
   */
  scrub(i) {
    this.pause();
    this.index = Math.max(0, Math.min(this.length - 1, i));
    this.app.scheduleRender();
  }

  /** Back to the start: the run is forgotten. */
  reset() {
    this.clear();
    this.app.scheduleRender();
  }

  /** Plays at `speed` steps per second (of the page's clock) until the run stops or `pause()`. */
  play() {
    if (this.playing || !this.ensure()) return;
    this.playing = true;
    let last = performance.now();
    let owed = 0;
    /** @param {number} now */
    const tick = (now) => {
      if (!this.playing) return;
      owed += (Math.max(0, now - last) / 1000) * this.speed;
      last = now;
      let n = Math.min(Math.floor(owed), MAX_STEPS_PER_FRAME);
      owed -= Math.floor(owed);
      let going = true;
      while (n-- > 0 && going) going = this.step();
      if (!going) this.playing = false;
      this.app.scheduleRender();
      if (this.playing) this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
    this.app.scheduleRender();
  }

  /** Stops playing. */
  pause() {
    this.playing = false;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = null;
  }
}

/**
 * The ids of a player's controls: Step, Play/Pause, Reset buttons, the speed slider and its
 * value, the scrubber; `playText`/`pauseText` are the Play button's two texts.
 * @typedef {{step: string, play: string, reset: string, speed: string, speedValue: string, scrub: string, playText: string, pauseText: string}} PlayerControls
 */

/** @type {PlayerControls} the training animation's controls (index.html's `#animation`) */
export const ANIMATION_CONTROLS = {
  step: "anim-step",
  play: "anim-play",
  reset: "anim-reset",
  speed: "anim-speed",
  speedValue: "anim-speed-value",
  scrub: "anim-scrub",
  playText: "Play",
  pauseText: "Pause",
};

/** @type {PlayerControls} the race's controls (index.html's `#compare-panel`) */
export const RACE_CONTROLS = {
  step: "race-step",
  play: "race-play",
  reset: "race-reset",
  speed: "race-speed",
  speedValue: "race-speed-value",
  scrub: "race-scrub",
  playText: "Play race",
  pauseText: "Pause race",
};

/**
 * Wires a player's controls: Step pauses and takes one step, Play toggles, Reset forgets the
 * run, the slider sets the speed, the scrubber shows a recorded step.
 * @param {Player<any>} player
 * @param {{scheduleRender: () => void}} app
 * @param {(id: string) => any} el
 * @param {PlayerControls} ids
 */
export function bindPlayer(player, app, el, ids) {
  el(ids.step).addEventListener("click", () => {
    player.pause();
    player.step();
    app.scheduleRender();
  });
  el(ids.play).addEventListener("click", () => {
    if (player.playing) player.pause();
    else player.play();
    app.scheduleRender();
  });
  el(ids.reset).addEventListener("click", () => player.reset());
  el(ids.scrub).addEventListener("input", (/** @type {Event} */ e) => player.scrub(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  el(ids.speed).addEventListener("input", (/** @type {Event} */ e) => {
    player.speed = speedOfSlider(Number(/** @type {HTMLInputElement} */ (e.target).value));
    app.scheduleRender();
  });
}

/**
 * Draws a player's controls as it stands: the Play button's text, the scrubber over the recorded
 * steps at the one shown, the speed.
 * @param {import("./frame.js").PlayerState} player
 * @param {(id: string) => any} el
 * @param {PlayerControls} ids
 */
export function renderPlayer(player, el, ids) {
  el(ids.play).textContent = player.playing ? ids.pauseText : ids.playText;
  const scrub = el(ids.scrub);
  scrub.max = String(Math.max(0, player.length - 1));
  scrub.value = String(player.index);
  el(ids.speedValue).textContent = `${player.speed} steps/s`;
}
