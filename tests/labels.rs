//! A set's labels follow one convention, ±1 or 0/1: a set with both a 0 and a −1 is refused by
//! every reader of the core — the CSV reader (the CLI's files), the page's 2-D reader and the
//! checked constructors (the page's points, Python's arrays) — naming the label, its point or
//! line, the earlier label of the other convention, and the two conventions.

use perceptron_lab::data::{csv, Dataset};
use perceptron_lab::Error;

const RULE: &str = "a set's labels are either −1, +1 or 0, 1, not both";

#[test]
fn each_convention_alone_is_read_as_plus_minus_one() {
    let pm = csv::parse("x1,label\n1,1\n2,-1\n3,-1\n").unwrap();
    let zo = csv::parse("x1,label\n1,1\n2,0\n3,0\n").unwrap();
    assert_eq!(pm.labels(), &[1.0, -1.0, -1.0]);
    assert_eq!(zo.labels(), pm.labels());
    let (d, _) = csv::parse_2d("x,y,label\n1,2,0\n3,4,0\n").unwrap();
    assert_eq!(d.labels(), &[-1.0, -1.0]);
    let d = Dataset::from_row_major(vec![1.0, 2.0, 3.0], 1, vec![0.0, 1.0, 0.0]).unwrap();
    assert_eq!(d.labels(), &[-1.0, 1.0, -1.0]);
}

#[test]
fn a_file_mixing_0_and_minus_1_is_refused_at_the_line() {
    // lines 1 (header) … 5: the −1 on line 5 comes after the 0 of line 3
    let text = "x1,x2,label\n1,2,1\n3,4,0\n5,6,1\n7,8,-1\n";
    let expected =
        format!("line 5: label -1 mixes the two label conventions: line 3 has label 0, and {RULE}");
    assert_eq!(csv::parse(text).unwrap_err().to_string(), expected);
    assert_eq!(csv::parse_2d(text).unwrap_err().to_string(), expected);
    // the other order: a 0 after a −1
    let e = csv::parse("label,x1\n-1,1\n1,2\n0,3\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("line 4: label 0 mixes the two label conventions: line 2 has label -1, and {RULE}")
    );
    // a label of neither convention is still refused as before
    let e = csv::parse("x1,label\n1,0\n2,2\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3: label 2 is not one of −1, +1 (or 0, 1)"
    );
}

#[test]
fn points_and_arrays_mixing_0_and_minus_1_are_refused_at_the_point() {
    let xs = vec![0.5; 8];
    let ys = vec![-1.0, 1.0, 1.0, 0.0];
    for e in [
        Dataset::from_row_major(xs.clone(), 2, ys.clone()).unwrap_err(),
        Dataset::from_user(xs.clone(), 2, ys.clone()).unwrap_err(),
    ] {
        assert_eq!(
            e,
            Error::MixedLabels {
                index: 3,
                value: 0.0,
                other: 0,
                other_value: -1.0
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "point 3: label 0 mixes the two label conventions: point 0 has label -1, and \
                 {RULE}"
            )
        );
    }
    // a 1 belongs to both conventions: only a 0 and a −1 together are refused
    assert!(Dataset::from_row_major(xs.clone(), 2, vec![1.0; 4]).is_ok());
    let e = Dataset::from_row_major(xs, 2, vec![0.0, 0.0, 0.0, -1.0]).unwrap_err();
    assert!(e.to_string().starts_with("point 3: label -1 mixes"), "{e}");
}
