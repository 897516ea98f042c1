/**
 * Step, play at a speed, pause and scrub over a recorded history: the training animation
 * (`training-animation.js`) and compare mode's race (`race.js`) are both players, driven by the page's one
 * set of controls (Step, Play/Pause, Reset, a speed slider and a scrubber): the animation with
 * Compare off, the race with Compare on.
 */

/** Most steps one animation frame takes while playing (fast speeds on a slow machine). */
const MAX_STEPS_PER_FRAME = 500;
/** The speed a player starts with, in steps per second (the slider's initial 33 of 100). */
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
   * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
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

  /**
   * Keeps `handle` as the run (a subclass's `ensure` starts it).
   * @param {H} handle
   */
  setRun(handle) {
    this.handle = handle;
  }

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
 * The ids of the page's one player (index.html's `#animation`): it drives the training animation
 * with Compare off and the race of the compared rules with Compare on. Other code (tests, lessons)
 * finds its controls by these ids:
 * - `anim-step`, `anim-play`, `anim-reset`: the Step, Play/Pause and Reset buttons;
 * - `anim-speed` (the speed slider) and `anim-speed-value` (its value in steps per second);
 * - `anim-scrub`: the scrubber over the recorded steps.
 */
export const PLAYER_CONTROLS = {
  step: "anim-step",
  play: "anim-play",
  reset: "anim-reset",
  speed: "anim-speed",
  speedValue: "anim-speed-value",
  scrub: "anim-scrub",
};

/**
 * Plays a paused player, pauses a playing one (the Play button and the Space key).
 * @param {Player<{scheduleRender: () => void}, {stopped: boolean, free: () => void}>} player
 */
export function togglePlay(player) {
  if (player.playing) player.pause();
  else player.play();
}

/** The longest a slice of a step's replay holds the main thread (ms) before it lets the page draw and answer. */
const REPLAY_SLICE_MS = 30;

/**
 * Takes `taken` steps of `player` in slices of at most REPLAY_SLICE_MS, yielding to the page
 * between them, until done, the run stops, or `current()` says another step has been put on the page.
 * @param {{step(): boolean}} player
 * @param {number} taken
 * @param {() => boolean} current
 */
export async function replaySteps(player, taken, current) {
  let i = 0;
  while (i < taken && current()) {
    const until = performance.now() + REPLAY_SLICE_MS;
    do {
      if (!player.step()) return;
      i++;
    } while (i < taken && performance.now() < until);
    await new Promise((r) => setTimeout(r, 0));
  }
}

/**
 * Wires the one player's controls to whichever player `driven()` gives: Step pauses and takes one
 * step, Play toggles, Reset forgets the run, the scrubber shows a recorded step; the speed slider
 * sets the speed of every player in `players` (one speed, kept when the player changes).
 * @param {() => Player<{scheduleRender: () => void}, {stopped: boolean, free: () => void}>} driven the player the controls drive now
 * @param {Player<{scheduleRender: () => void}, {stopped: boolean, free: () => void}>[]} players every player the controls can drive
 * @param {{scheduleRender: () => void}} app
 * @param {(id: string) => any} el
 */
export function bindPlayer(driven, players, app, el) {
  const ids = PLAYER_CONTROLS;
  el(ids.step).addEventListener("click", () => {
    const player = driven();
    player.pause();
    player.step();
    app.scheduleRender();
  });
  el(ids.play).addEventListener("click", () => {
    togglePlay(driven());
    app.scheduleRender();
  });
  el(ids.reset).addEventListener("click", () => driven().reset());
  el(ids.scrub).addEventListener("input", (/** @type {Event} */ e) => driven().scrub(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  el(ids.speed).addEventListener("input", (/** @type {Event} */ e) => {
    const speed = speedOfSlider(Number(/** @type {HTMLInputElement} */ (e.target).value));
    for (const p of players) p.speed = speed;
    app.scheduleRender();
  });
}
