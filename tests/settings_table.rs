//! The run settings' table (`perceptron-lab list settings`, `train::settings::SETTINGS`) is what
//! `train` accepts: for each setting, each rule that takes it refuses a value just outside its
//! range naming the key and the range, and each rule that does not take it refuses it by name.

mod common;

use common::cli::{cli, cli_refuses, file};
use perceptron_lab::train::settings::{setting, SETTINGS};
use perceptron_lab::train::Algorithm;

/// Four separable points through the origin and with a threshold.
const POINTS: &str = "x1,x2,label\n1,0.2,1\n2,1,1\n-1,-0.5,-1\n-0.3,-2,-1\n";

/// A value of `key` every rule that takes it accepts.
fn valid(key: &str) -> &'static str {
    match key {
        "epochs" => "20",
        "updates" => "10",
        "init" => "0.5,0.5",
        "eta" => "0.1",
        "gamma" => "2",
        "margin" => "0.2",
        "order" => "cyclic",
        "seed" => "3",
        _ => panic!("no valid value for {key}"),
    }
}

#[test]
fn every_rule_that_takes_a_setting_refuses_values_just_outside_its_range() {
    let data = file("points.csv", POINTS);
    let data = data.to_str().unwrap();
    for d in SETTINGS {
        let Some(range) = d.range else { continue };
        let step = range.min.abs().max(1.0) * 1e-9;
        let mut outside = vec![range.min - step];
        if range.max.is_finite() {
            outside.push(range.max * (1.0 + 1e-9));
        }
        for a in Algorithm::rules().filter(|&a| d.rules.take(a)) {
            let flag = format!("--{}", d.key);
            let base = ["train", "--algorithm", a.name(), "--data", data];
            // a value inside is accepted
            cli(&[&base[..], &[flag.as_str(), valid(d.key)]].concat());
            for v in &outside {
                let text = format!("{v}");
                let err = cli_refuses(
                    &[&base[..], &[flag.as_str(), text.as_str()]].concat(),
                    d.key,
                );
                assert!(err.contains(range.text), "{} {flag} {v}: {err}", a.name());
            }
        }
    }
}

#[test]
fn every_rule_that_does_not_take_a_setting_refuses_it_by_name() {
    let data = file("points.csv", POINTS);
    let data = data.to_str().unwrap();
    let mut refused = 0;
    for d in SETTINGS {
        for a in Algorithm::rules().filter(|&a| !d.rules.take(a)) {
            let flag = format!("--{}", d.key);
            let args = [
                "train",
                "--algorithm",
                a.name(),
                "--data",
                data,
                &flag,
                valid(d.key),
            ];
            cli_refuses(
                &args,
                &format!("{} does not take the setting {}", a.name(), d.key),
            );
            refused += 1;
        }
    }
    assert!(
        refused >= 20,
        "only {refused} refusals: the table says every rule takes most settings"
    );
}

#[test]
fn list_settings_prints_the_table() {
    let csv = cli(&["list", "settings"]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("key,type,default,min,max,rules,help"));
    let keys: Vec<&str> = lines.map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(keys, SETTINGS.map(|d| d.key));
    // the 1000-epoch default, written once, is the CLI's
    assert!(csv.contains("\nepochs,number,1000 epochs,>0,inf,"), "{csv}");
    assert_eq!(setting("gamma").unwrap().rule_names(), "soft-margin");
}

/// `train`'s help is the table's: `-h` gives each setting's line, `--help` its line, what the
/// row adds, its range and the rules that take it (so a setting's words are written once).
#[test]
fn train_help_is_the_settings_table() {
    let short = cli(&["train", "-h"]);
    let long = cli(&["train", "--help"]);
    let flat = long.split_whitespace().collect::<Vec<_>>().join(" ");
    for d in SETTINGS {
        assert!(short.contains(&format!("--{}", d.key)), "{short}");
        assert!(short.contains(d.help), "{}: {short}", d.key);
        assert!(flat.contains(d.help), "{}: {flat}", d.key);
        assert!(flat.contains(d.details), "{}: {flat}", d.key);
        if let Some(range) = d.range {
            assert!(
                flat.contains(&format!("Valid range: {}", range.text)),
                "{}",
                d.key
            );
        }
        assert!(
            flat.contains(&format!("Taken by: {}", d.rule_names())),
            "{}: {flat}",
            d.key
        );
    }
}
