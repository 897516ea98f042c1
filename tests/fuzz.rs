//! Property-based fuzzing of everything that reads user text or numbers: the CSV parsers, the
//! α-grid parser and the data-set constructor. Bounded here (`make test`); for a long run:
//! `PROPTEST_CASES=1000000 cargo test --release --test fuzz`.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::data::{csv, Dataset, MAX_POINTS};
use perceptron_lab::experiment::parse_alpha;
use proptest::prelude::*;

/// A checked data set is what it promises: finite inputs, labels ±1, at most `MAX_POINTS`.
fn assert_valid(d: &Dataset) {
    assert!(d.len() <= MAX_POINTS);
    assert!(d.features().iter().all(|v| v.is_finite()));
    assert!(d.labels().iter().all(|&y| y == 1.0 || y == -1.0));
    assert_eq!(d.features().len(), d.len() * d.dim());
}

/// Text that looks like CSV: a header from likely names and rows of likely and unlikely fields.
fn csvish() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        Just("x".to_string()),
        Just("y".to_string()),
        Just("x1".to_string()),
        Just("x2".to_string()),
        Just("label".to_string()),
        Just("LABEL".to_string()),
        "[a-z]{0,3}",
    ];
    let field = prop_oneof![
        any::<f64>().prop_map(|v| v.to_string()),
        (-3i32..4).prop_map(|v| v.to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("1e400".to_string()),
        Just(String::new()),
        Just(" 1 ".to_string()),
        "[^,\n]{0,6}",
    ];
    (
        prop::collection::vec(name, 0..5),
        prop::collection::vec(prop::collection::vec(field, 0..5), 0..12),
        prop_oneof![Just("\n"), Just("\r\n")],
        any::<bool>(),
    )
        .prop_map(|(header, rows, eol, bom)| {
            let mut s = String::new();
            if bom {
                s.push('\u{feff}');
            }
            s.push_str(&header.join(","));
            for r in rows {
                s.push_str(eol);
                s.push_str(&r.join(","));
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn csv_parsers_never_panic_on_any_text(text in "\\PC{0,200}") {
        if let Ok(d) = csv::parse(&text) { assert_valid(&d); }
        if let Ok((d, _)) = csv::parse_2d(&text) { assert_valid(&d); prop_assert_eq!(d.dim(), 2); }
    }

    #[test]
    fn csv_parsers_on_csv_like_text(text in csvish()) {
        match csv::parse(&text) {
            Ok(d) => assert_valid(&d),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        match csv::parse_2d(&text) {
            Ok((d, _)) => { assert_valid(&d); prop_assert_eq!(d.dim(), 2); }
            Err(e) => prop_assert!(e.to_string().starts_with("line ") || e.to_string().contains("points")),
        }
    }

    #[test]
    fn alpha_grid_parser_never_panics(text in "[0-9.,:eE+ -]{0,24}") {
        if let Ok(a) = parse_alpha(&text) {
            prop_assert!(!a.is_empty() && a.iter().all(|v| *v > 0.0 && v.is_finite()));
        }
    }

    #[test]
    fn dataset_constructor_checks_any_numbers(
        xs in prop::collection::vec(any::<f64>(), 0..40),
        ys in prop::collection::vec(any::<f64>(), 0..20),
        dim in 0usize..4,
    ) {
        if let Ok(d) = Dataset::from_user(xs, dim, ys) { assert_valid(&d); }
    }
}
