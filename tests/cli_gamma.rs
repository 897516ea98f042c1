//! `perceptron-lab train --gamma` (the soft margin's bound γ) and AdaTron's `--eta` (the book's
//! fixed step, bounded by `2/max C^μμ` on the data set) through the binary: accepted in range,
//! refused outside with a message naming the flag or value and the range, and by the rules that
//! do not take them.

mod common;

use common::cli::{cli, cli_refuses, file, run};

/// Four points with `max |ξ|² = 5`, `N = 2`: `max C^μμ = 2.5`, so AdaTron's bound is
/// `2/2.5 = 0.8` through the origin and `1/(2·2.5) = 0.2` with a threshold.
const POINTS: &str = "x1,x2,label\n1,0.2,1\n2,1,1\n-1,-0.5,-1\n-0.3,-2,-1\n";

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn gamma_sets_the_soft_margins_bound() {
    let data = file("points.csv", POINTS);
    let data = data.to_str().unwrap();
    let train = |extra: &[&str]| {
        let mut args = vec!["train", "--algorithm", "soft-margin", "--data", data];
        args.extend_from_slice(extra);
        json(&cli(&args))
    };
    // the default is γ = 1; a small γ caps every strength (a different answer), a large one is
    // the hard margin: AdaTron's κ
    let default = train(&[]);
    assert_eq!(default, train(&["--gamma", "1"]));
    let small = train(&["--gamma", "0.01"]);
    assert_ne!(small["w"], default["w"]);
    let hard = json(&cli(&["train", "--algorithm", "exact", "--data", data]));
    let large = train(&["--gamma", "1e4"]);
    let (k, k_max) = (
        large["kappa"].as_f64().unwrap(),
        hard["kappa"].as_f64().unwrap(),
    );
    assert!((k - k_max).abs() <= 1e-5 * k_max, "{k} vs {k_max}");
    for bad in ["0", "-1", "1e-400"] {
        cli_refuses(
            &[
                "train",
                "--algorithm",
                "soft-margin",
                "--data",
                data,
                "--gamma",
                bad,
            ],
            &format!(
                "gamma must be in (0, ∞), got {}",
                bad.parse::<f64>().unwrap()
            ),
        );
    }
    for bad in ["inf", "NaN", "x"] {
        let out = run(&[
            "train",
            "--algorithm",
            "soft-margin",
            "--data",
            data,
            "--gamma",
            bad,
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--gamma"));
    }
    cli_refuses(
        &[
            "train",
            "--algorithm",
            "adatron",
            "--data",
            data,
            "--gamma",
            "2",
        ],
        "adatron does not take the setting gamma; the rules that do: soft-margin",
    );
    cli_refuses(
        &[
            "train",
            "--algorithm",
            "exact",
            "--data",
            data,
            "--gamma",
            "2",
        ],
        "--gamma",
    );
}

#[test]
fn adatron_takes_eta_below_its_bound() {
    let data = file("points.csv", POINTS);
    let data = data.to_str().unwrap();
    let help = cli(&["train", "--help"]);
    assert!(help.contains("2/max C^μμ, C^μμ = |ξ^μ|²/N"), "{help}");
    for (mode, ok, bad, bound) in [
        (&[][..], "0.79", "0.8", "0.8"),
        (&["--threshold"][..], "0.19", "0.25", "0.2"),
    ] {
        let mut args = vec!["train", "--algorithm", "adatron", "--data", data];
        args.extend_from_slice(mode);
        let model = json(&cli(&[&args[..], &["--eta", ok]].concat()));
        assert_eq!(model["stop"], "gap-reached", "{mode:?}");
        for eta in ["0", "-0.5"] {
            // outside every rule's range: the settings table's message
            cli_refuses(
                &[&args[..], &["--eta", eta]].concat(),
                &format!("eta must be in (0, ∞), got {}", eta.parse::<f64>().unwrap()),
            );
        }
        for eta in [bad, "3"] {
            cli_refuses(
                &[&args[..], &["--eta", eta]].concat(),
                &format!(
                    "AdaTron learning rate η must be in (0, {bound}) for this data set ({}",
                    if mode.is_empty() {
                        "η < 2/max C^μμ"
                    } else {
                        "with a threshold η < 1/(2 max C^μμ)"
                    }
                ),
            );
        }
    }
    // the soft margin takes no η
    cli_refuses(
        &[
            "train",
            "--algorithm",
            "soft-margin",
            "--data",
            data,
            "--eta",
            "0.5",
        ],
        "soft-margin does not take the setting eta",
    );
}
