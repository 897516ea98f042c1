//! `perceptron-lab`: the lab's core on the command line — learning-curve sweeps on all cores,
//! training on a CSV file, and the theory curves.
//!
//! ```text
//! perceptron-lab curve --algorithm minover --n 20 --alpha 0.1:10:100 --reps 100 --epochs 100 --seed 1
//! perceptron-lab train --algorithm adatron --data points.csv [--threshold]
//! perceptron-lab theory --curve maxstab --alpha 0.5:10:20
//! perceptron-lab trace --algorithm minover --n 20 --alpha 5 --seed 1 --updates 5000 --every 100
//! perceptron-lab predict --model model.json --x 1,1,2
//! perceptron-lab count --data points.csv [--threshold]
//! perceptron-lab sets --n 20 --alpha 0.5,1,2 --reps 10 --seed 1 --out sets/
//! perceptron-lab list settings --format md
//! ```
//!
//! One file per subcommand (its arguments and its run); [`cli`] holds the command line and
//! dispatches to them. What they share lies below them: [`args`] the flags' parsers and the
//! student–teacher run's flags, [`output`] the output, the result and the notes on stderr,
//! [`files`] the files read, [`stops`] `--stop`, [`memory`] the workers that fit, [`model`] the
//! model file `train` writes and `predict` reads.

// The CLI is native only (clap, rayon, indicatif); a wasm build of the crate's targets gets an
// empty binary.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod count;
#[cfg(not(target_arch = "wasm32"))]
mod curve;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod list;
#[cfg(not(target_arch = "wasm32"))]
mod memory;
#[cfg(not(target_arch = "wasm32"))]
mod model;
#[cfg(not(target_arch = "wasm32"))]
mod output;
#[cfg(not(target_arch = "wasm32"))]
mod predict;
#[cfg(not(target_arch = "wasm32"))]
mod sets;
#[cfg(not(target_arch = "wasm32"))]
mod sign;
#[cfg(not(target_arch = "wasm32"))]
mod stops;
#[cfg(not(target_arch = "wasm32"))]
mod theory;
#[cfg(not(target_arch = "wasm32"))]
mod trace;
#[cfg(not(target_arch = "wasm32"))]
mod train;
