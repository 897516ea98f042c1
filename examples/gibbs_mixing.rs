//! The measurements behind the Gibbs sampler's mixing length (`train::students::Mixing`): for
//! teacher sets at `N` and `α`, chains of the version-space sampler from the maximal-stability
//! start, recording the overlap `R` with the teacher and the overlap `q` with the start every
//! `--every k` steps of the chain (trajectories; without `--every`, every `N/4` steps, the unit
//! the hit-and-run sampler of commit 4e083c4 was measured in):
//!
//! - burn-in: the mean of `R(t)` and `q(t)` over `--chains` independent sets and chains against
//!   `t` (in records), beside their late-time means (the start is atypical: closer to the
//!   teacher and at `q = 1`);
//! - thinning: the autocorrelation of `R` and `q` about each chain's own mean at lags of `k`
//!   records and the integrated autocorrelation time `τ = 1 + 2 Σ ρ(k)` (summed while
//!   `ρ > 0.05`), from the second half of the chains.
//!
//! Run: `cargo run --release --example gibbs_mixing -- [--n 20] [--alphas 0.5,1,2,4,10]
//! [--chains 100] [--length 200] [--every 1] [--seed 1]` (`--length` in records).
use perceptron_lab::data::generate;
use perceptron_lab::linalg::{dot, norm};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::students::Sampler;
use perceptron_lab::train::Mode;

fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let n: usize = arg("--n", 20);
    let chains: usize = arg("--chains", 100);
    let length: usize = arg("--length", 200);
    let seed: u64 = arg("--seed", 1);
    let alphas: String = arg("--alphas", "0.5,1,2,4,10".to_string());
    // records per D steps (hit-and-run); with `--every k`, one record every k steps
    let every: usize = arg("--every", 0);
    let per = if every > 0 { 1 } else { 4 };
    let stride = if every > 0 { every } else { n / per };
    for alpha in alphas.split(',').map(|a| a.parse::<f64>().expect("α")) {
        let p = (alpha * n as f64).round() as usize;
        let records = length * per + 1;
        let mut r_mean = vec![0.0; records];
        let mut q_mean = vec![0.0; records];
        let mut r_series = Vec::new();
        let mut q_series = Vec::new();
        let start = std::time::Instant::now();
        let mut bounces = 0;
        for c in 0..chains {
            let mut rng = rng_from_seed(seed * 1000 + c as u64);
            let teacher = generate::teacher(n, &mut rng);
            let data = generate::teacher_set(p, &teacher, 0.0, &mut rng).expect("data");
            let mut s = Sampler::new(&data, Mode::Homogeneous, c as u64).expect("separable");
            let w0 = s.draw(0).w;
            let (mut rs, mut qs) = (Vec::new(), Vec::new());
            for k in 0..records {
                let w = s.draw(if k == 0 { 0 } else { stride }).w;
                let r = dot(&w, &teacher) / norm(&teacher);
                let q = dot(&w, &w0);
                r_mean[k] += r / chains as f64;
                q_mean[k] += q / chains as f64;
                rs.push(r);
                qs.push(q);
            }
            bounces += s.bounces();
            r_series.push(rs);
            q_series.push(qs);
        }
        let secs = start.elapsed().as_secs_f64();
        // late-time means: the second half
        let late =
            |m: &[f64]| m[records / 2..].iter().sum::<f64>() / (records - records / 2) as f64;
        let (r_inf, q_inf) = (late(&r_mean), late(&q_mean));
        println!(
            "N = {n}, α = {alpha}, P = {p}: {chains} chains of {} steps in {secs:.1} s \
             ({:.0} steps/s, {:.1} walls per step); late means R = {r_inf:.4}, q = {q_inf:.4}",
            length * per * stride,
            (chains * length * per * stride) as f64 / secs,
            bounces as f64 / (chains * length * per * stride) as f64
        );
        print!("  burn-in, t/(record unit): mean R − R∞, mean q − q∞:");
        for t in [0usize, 1, 2, 3, 5, 8, 10, 15, 20, 30, 40] {
            if t * per < records {
                print!(
                    "  {t}: {:+.4} {:+.4}",
                    r_mean[t * per] - r_inf,
                    q_mean[t * per] - q_inf
                );
            }
        }
        println!();
        // autocorrelation at lags of D steps over the second half of every chain, about each
        // chain's own mean (the sets differ, and so do their mean overlaps)
        for (name, series) in [("R", &r_series), ("q", &q_series)] {
            let from = records / 2;
            let centred: Vec<Vec<f64>> = series
                .iter()
                .map(|s| {
                    let m = s[from..].iter().sum::<f64>() / (records - from) as f64;
                    s[from..].iter().map(|x| x - m).collect()
                })
                .collect();
            let var = centred.iter().flatten().map(|x| x * x).sum::<f64>()
                / centred.iter().map(Vec::len).sum::<usize>() as f64;
            let rho = |lag: usize| {
                let (mut sum, mut count) = (0.0, 0usize);
                for s in &centred {
                    for i in 0..s.len() - lag {
                        sum += s[i] * s[i + lag];
                        count += 1;
                    }
                }
                sum / count as f64 / var
            };
            let mut tau = 1.0;
            let mut positive = true;
            print!("  ρ_{name}(k units):");
            for k in (1..=40).take_while(|k| k * per < records / 2) {
                let r = rho(k * per);
                if k <= 10 || k % 5 == 0 {
                    print!(" {k}: {r:.3}");
                }
                positive &= r > 0.05;
                if positive {
                    tau += 2.0 * r;
                }
            }
            println!(
                "   τ_int ≈ {tau:.2} units (within-chain sd of {name}: {:.4})",
                var.sqrt()
            );
        }
    }
}
