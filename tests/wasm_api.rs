//! The wasm boundary, tested in headless Chromium (`cargo test --target wasm32-unknown-unknown`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect};
use perceptron_lab::wasm::{
    bayes_point, catalogue, check_points, gibbs_samples, teacher_set, Animation, Training,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("a plain object")
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().unwrap_or(f64::NAN)
}

/// `Training` on the points with `settings`, trained until every rule has stopped: its scene
/// and its version space, as the page reads them.
fn settled(
    xs: &[f64],
    ys: &[f64],
    settings: JsValue,
) -> Result<(JsValue, JsValue), wasm_bindgen::JsError> {
    let mut training = Training::new(xs, ys, settings)?;
    let never_out_of_time = js_sys::Function::new_no_args("return false");
    while !training.advance(&never_out_of_time) {}
    Ok((training.scene()?, training.version_space()?))
}

fn error_message(e: JsValue) -> String {
    get(&e, "message")
        .as_string()
        .expect("an Error with a message")
}

/// Two points (1, 0) with S = +1 and (0, 1) with S = −1: through the origin the optimum is
/// w ∝ (1, −1) with κ_max = 1/√2 (each point's distance to the line y = x).
#[wasm_bindgen_test]
fn scene_by_hand() {
    let settings = Object::new();
    let (scene, _) = settled(&[1.0, 0.0, 0.0, 1.0], &[1.0, -1.0], settings.into()).unwrap();
    let exact = get(&scene, "exact");
    assert!((num(&exact, "kappa") - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-12);
    let w: Vec<f64> = Array::from(&get(&exact, "w"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!((w[0] + w[1]).abs() < 1e-12 && w[0] > 0.0);
    let algorithms = Array::from(&get(&scene, "algorithms"));
    let names: Vec<String> = algorithms
        .iter()
        .map(|a| get(&a, "name").as_string().unwrap())
        .collect();
    assert_eq!(names, ["rosenblatt", "minover", "adatron"]);
    for a in algorithms.iter() {
        assert_eq!(num(&a, "errors"), 0.0);
        assert!(num(&a, "kappa") <= std::f64::consts::FRAC_1_SQRT_2 + 1e-12);
        // camelCase field names cross the boundary
        assert!(!get(&a, "kappaUpper").is_undefined());
    }
    assert_eq!(get(&scene, "mode").as_string().unwrap(), "homogeneous");
}

#[wasm_bindgen_test]
fn threshold_setting_is_read() {
    let settings = Object::new();
    Reflect::set(&settings, &"threshold".into(), &JsValue::TRUE).unwrap();
    // +1 at x = 2, −1 at x = 0: the optimum is the line x = 1 with κ_max = 1
    let (scene, _) = settled(
        &[2.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 1.0],
        &[1.0, 1.0, -1.0, -1.0],
        settings.into(),
    )
    .unwrap();
    assert_eq!(get(&scene, "mode").as_string().unwrap(), "threshold");
    let exact = get(&scene, "exact");
    assert!((num(&exact, "kappa") - 1.0).abs() < 1e-12);
    assert!((num(&exact, "theta") - 1.0).abs() < 1e-12);
}

#[wasm_bindgen_test]
fn bad_input_throws_a_clear_error() {
    let e = check_points(&[1.0, f64::NAN], &[1.0]).unwrap_err();
    assert_eq!(
        error_message(e.into()),
        "point 0: coordinate 1 is NaN, not a finite number"
    );
    let e = check_points(&[1.0, 2.0], &[3.0]).unwrap_err();
    assert!(error_message(e.into()).contains("label 3"));
    let n = 10_001;
    let e = check_points(&vec![0.5; 2 * n], &vec![1.0; n]).unwrap_err();
    assert!(error_message(e.into()).contains("at most 10000"));
    let bad = Object::new();
    Reflect::set(&bad, &"algorithms".into(), &Array::of1(&"nope".into())).unwrap();
    let e = Training::new(&[1.0, 0.0], &[1.0], bad.into())
        .err()
        .unwrap();
    assert!(error_message(e.into()).contains("unknown algorithm \"nope\""));
}

#[wasm_bindgen_test]
fn labels_are_mapped_and_teacher_sets_are_seeded() {
    let ys: Vec<f64> = check_points(&[1.0, 2.0, 3.0, 4.0], &[0.0, 1.0])
        .unwrap()
        .into();
    assert_eq!(ys, vec![-1.0, 1.0]);
    let a = teacher_set(10, 7, 0.0).unwrap();
    let b = teacher_set(10, 7, 0.0).unwrap();
    let xs = |v: &JsValue| -> Vec<f64> { js_sys::Float64Array::new(&get(v, "xs")).to_vec() };
    assert_eq!(xs(&a), xs(&b));
    let teacher = Array::from(&get(&a, "teacher"));
    let t2: f64 = teacher.iter().map(|v| v.as_f64().unwrap().powi(2)).sum();
    assert!((t2 - 2.0).abs() < 1e-9, "|w*|² = N = 2");
    assert!(get(&a, "ys").dyn_ref::<Array>().is_some());
}

/// Two points (1, 0) with S = +1 and (0, 1) with S = −1: through the origin the version space is
/// the arc of directions with u_x > 0 and u_y < 0, i.e. from 3π/2 to 2π (wrapping to 0).
#[wasm_bindgen_test]
fn version_space_crosses_as_typed_arrays() {
    let (_, vs) = settled(&[1.0, 0.0, 0.0, 1.0], &[1.0, -1.0], JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&vs, "kind").as_string().unwrap(), "arc");
    let arc = Array::from(&Array::from(&get(&vs, "arcs")).get(0));
    let (s, e) = (arc.get(0).as_f64().unwrap(), arc.get(1).as_f64().unwrap());
    assert!((s - 1.5 * std::f64::consts::PI).abs() < 1e-12, "start {s}");
    assert!(
        e.abs() < 1e-12 || (e - 2.0 * std::f64::consts::PI).abs() < 1e-12,
        "end {e}"
    );
    let phi = get(&vs, "phi").dyn_into::<js_sys::Float64Array>().unwrap();
    assert!(phi.length() >= 360);
    let curves = get(&vs, "curves")
        .dyn_into::<js_sys::Float64Array>()
        .unwrap();
    assert_eq!(curves.length(), 2 * phi.length());
}

/// The animation steps Rosenblatt by hand: tabula rasa, first example (1, 0) with S = +1 has
/// E = 0 ≤ 0, so w ← w + ξ S / N = (0.5, 0).
#[wasm_bindgen_test]
fn animation_steps_by_hand() {
    let mut a = Animation::new(
        "rosenblatt",
        &[1.0, 0.0, 0.0, 1.0],
        &[1.0, -1.0],
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(num(&a.frame(0).unwrap(), "step"), 0.0);
    assert_eq!(a.length(), 1);
    let f = a.step().unwrap();
    assert_eq!(a.length(), 2);
    assert!(!a.stopped());
    assert_eq!(num(&a.frame(1).unwrap(), "step"), 1.0);
    assert!(error_message(a.frame(2).unwrap_err().into()).contains("no frame 2"));
    assert_eq!(num(&f, "step"), 1.0);
    assert_eq!(num(&f, "example"), 0.0);
    assert!(get(&f, "updated").as_bool().unwrap());
    let w: Vec<f64> = Array::from(&get(&f, "w"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(w, vec![0.5, 0.0]);
    let e = Animation::new("nope", &[1.0, 0.0], &[1.0], JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert!(error_message(e.into()).contains("unknown algorithm"));
}

/// The catalogue crosses as plain objects: every algorithm with its name and `#RRGGBB` colour,
/// the four charts.
#[wasm_bindgen_test]
fn catalogue_crosses_as_plain_objects() {
    let c = catalogue().unwrap();
    let algorithms = Array::from(&get(&c, "algorithms"));
    assert_eq!(
        algorithms.length() as usize,
        perceptron_lab::catalogue::Algorithm::ALL.len()
    );
    let first = algorithms.get(0);
    assert_eq!(get(&first, "name").as_string().unwrap(), "rosenblatt");
    assert_eq!(get(&first, "color").as_string().unwrap().len(), 7);
    assert_eq!(get(&first, "role").as_string().unwrap(), "core");
    assert_eq!(Array::from(&get(&c, "charts")).length(), 4);
    assert_eq!(num(&get(&c, "limits"), "maxPoints"), 10_000.0);
}

/// The draws of `gibbsSamples` as `(w₀, w₁, θ)`.
fn draws(v: &JsValue) -> Vec<[f64; 3]> {
    Array::from(v)
        .iter()
        .map(|p| {
            let w = Array::from(&get(&p, "w"));
            [
                w.get(0).as_f64().unwrap(),
                w.get(1).as_f64().unwrap(),
                num(&p, "theta"),
            ]
        })
        .collect()
}

/// The students' exports on the two points (1, 0) with S = +1 and (0, 1) with S = −1: the
/// version space is the arc from 3π/2 to 2π, so every Gibbs draw has `w₀ > 0`, `w₁ < 0`, the
/// Bayes student is the arc's midpoint `(1, −1)/√2`; the same seed gives the same draws; XOR has
/// no version space and the error says so.
#[wasm_bindgen_test]
fn students_cross_the_boundary() {
    let (xs, ys) = ([1.0, 0.0, 0.0, 1.0], [1.0, -1.0]);
    let d = draws(&gibbs_samples(&xs, &ys, false, 50, 7).unwrap());
    assert_eq!(d.len(), 50);
    for row in &d {
        assert!(row[0] > 0.0 && row[1] < 0.0 && row[2] == 0.0, "{row:?}");
        assert!((libm::hypot(row[0], row[1]) - 1.0).abs() < 1e-12);
    }
    assert_eq!(d, draws(&gibbs_samples(&xs, &ys, false, 50, 7).unwrap()));
    assert_ne!(d, draws(&gibbs_samples(&xs, &ys, false, 50, 8).unwrap()));
    let b = bayes_point(&xs, &ys, false).unwrap();
    let w: Vec<f64> = Array::from(&get(&get(&b, "perceptron"), "w"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let r = std::f64::consts::FRAC_1_SQRT_2;
    assert!(
        (w[0] - r).abs() < 1e-12 && (w[1] + r).abs() < 1e-12,
        "{w:?}"
    );
    assert_eq!(num(&b, "angleSe"), 0.0);
    // with a threshold: +1 at x = 2, −1 at x = 0 — every draw separates them
    let (tx, ty) = (
        [2.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 1.0],
        [1.0, 1.0, -1.0, -1.0],
    );
    for row in draws(&gibbs_samples(&tx, &ty, true, 20, 1).unwrap()) {
        for (k, y) in ty.iter().enumerate() {
            let a = row[0] * tx[2 * k] + row[1] * tx[2 * k + 1] - row[2];
            assert!(a * y > 0.0, "{row:?}");
        }
    }
    let xor = [0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0];
    let e = error_message(gibbs_samples(&xor, &ty, true, 3, 1).unwrap_err().into());
    assert!(e.contains("version space is empty"), "{e}");
}

/// In wasm the `f64` methods are `compiler_builtins`' copy of the `libm` crate, which the core
/// calls for every transcendental function (natively the methods call the C library): the same
/// bits, so that the page's f64 methods (in code the core does not own) agree with the core.
#[wasm_bindgen_test]
#[allow(clippy::disallowed_methods)] // the methods themselves, compared with the libm crate
fn f64_methods_give_the_bits_of_libm() {
    let mut inputs = vec![
        0.0,
        -0.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
    ];
    let mut x = 1e-300_f64;
    while x < 1e300 {
        inputs.extend([x, -x, x * 0.999_999_7, 1.0 - x, 1.0 + x]);
        x *= 1.37;
    }
    inputs.extend((0..2000).map(|k| f64::from(k) * 0.013 - 13.0));
    let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    for &x in &inputs {
        assert!(same(libm::sin(x), x.sin()), "sin {x}");
        assert!(same(libm::cos(x), x.cos()), "cos {x}");
        assert!(same(libm::exp(x), x.exp()), "exp {x}");
        assert!(same(libm::tanh(x), x.tanh()), "tanh {x}");
        assert!(same(libm::log2(x), x.log2()), "log2 {x}");
        assert!(same(libm::asin(x), x.asin()), "asin {x}");
        assert!(same(libm::log1p(x), x.ln_1p()), "ln_1p {x}");
        assert!(same(libm::atan2(x, 0.7), x.atan2(0.7)), "atan2 {x}");
        assert!(same(libm::atan2(-1.3, x), (-1.3_f64).atan2(x)), "atan2 {x}");
    }
}

/// In wasm, where `rand_distr` takes `exp` and `ln` from the same `libm` as the core's ziggurat,
/// `rng::gaussian` draws `rand_distr::StandardNormal`'s numbers bit for bit, tails included.
#[wasm_bindgen_test]
fn gaussian_is_rand_distrs_standard_normal() {
    use rand_distr::{Distribution, StandardNormal};
    let (mut ours, mut theirs) = (
        perceptron_lab::rng::rng_from_seed(5),
        perceptron_lab::rng::rng_from_seed(5),
    );
    let mut tails = 0;
    for k in 0..200_000 {
        let a = perceptron_lab::rng::gaussian(&mut ours);
        let b: f64 = StandardNormal.sample(&mut theirs);
        tails += usize::from(a.abs() > 3.654_152_885_361_009);
        assert_eq!(a.to_bits(), b.to_bits(), "sample {k}: {a} against {b}");
    }
    assert!(tails > 20, "{tails} samples in the tail");
}

/// The exact decimal of the point halfway between `v ≥ 0` and the next double up — the hard case
/// of rounding, to the even neighbour — as integer digits and an exponent: both doubles are
/// written exactly (801 significant digits hold any double's 767), added digit by digit and
/// halved. `None` where the two are written with different decimal exponents.
fn midpoint(v: f64) -> Option<String> {
    let v = v.abs();
    let up = f64::from_bits(v.to_bits() + 1);
    let exact = |x: f64| {
        let s = format!("{x:.800e}");
        let (m, e) = s.split_once('e').expect("scientific");
        let digits: Vec<u32> = m.chars().filter_map(|c| c.to_digit(10)).collect();
        (digits, e.parse::<i64>().expect("exponent"))
    };
    let ((a, ea), (b, eb)) = (exact(v), exact(up));
    if !up.is_finite() || ea != eb {
        return None;
    }
    let mut sum = vec![0; a.len() + 1];
    let mut carry = 0;
    for i in (0..a.len()).rev() {
        let d = a[i] + b[i] + carry;
        sum[i + 1] = d % 10;
        carry = d / 10;
    }
    sum[0] = carry;
    let mut half = String::new();
    let mut rest = 0;
    for d in sum {
        let n = rest * 10 + d;
        half.push(char::from_digit(n / 2, 10).expect("a digit"));
        rest = n % 2;
    }
    let mut exponent = ea - i64::try_from(a.len()).expect("801 digits") + 1;
    if rest == 1 {
        half.push('5');
        exponent -= 1;
    }
    Some(format!("{half}e{exponent}"))
}

/// The page reads its CSV files with the browser's `parseFloat` and `toLowerCase`
/// (`wasm::Browser`): the same numbers, bit for bit, and the same column names as the standard
/// library's `f64::from_str` and `str::to_lowercase` (`data::reading::Std`) — on decimal strings of
/// every length up to 40 digits, exponents across and beyond the range (subnormals, overflow),
/// halfway cases between neighbouring doubles, the values' own shortest and 17-digit forms, the
/// words `inf`/`nan` and strings that are not numbers; and on headers in several scripts.
#[wasm_bindgen_test]
fn the_browsers_reading_is_the_standard_librarys() {
    use perceptron_lab::data::reading::{Reading, Std};
    use perceptron_lab::wasm::Browser;
    let same = |s: &str| {
        let (a, b) = (Browser.number(s), Std.number(s));
        let equal = match (a, b) {
            (Some(x), Some(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            (None, None) => true,
            _ => false,
        };
        assert!(equal, "{s:?}: browser {a:?}, std {b:?}");
    };
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for i in 0..20_000 {
        let v = f64::from_bits(next());
        if !v.is_finite() {
            continue;
        }
        same(&format!("{v}"));
        same(&format!("{v:e}"));
        same(&format!("{v:.16e}"));
        if i % 10 == 0 {
            if let Some(mid) = midpoint(v) {
                same(&mid);
            }
        }
        let digits: String = (0..=(next() % 40))
            .map(|_| char::from(b'0' + (next() % 10) as u8))
            .collect();
        let exp = i64::try_from(next() % 700).expect("below 700") - 350;
        same(&format!("{digits}e{exp}"));
        same(&format!("-0.{digits}E+{}", exp.abs()));
        same(&format!(".{digits}"));
    }
    for s in [
        "0",
        "-0",
        "+1",
        "1.",
        ".5",
        "1e308",
        "1.8e308",
        "2e-324",
        "3e-324",
        "4.9e-324",
        "1e-400",
        "inf",
        "-Infinity",
        "NAN",
        "+nan",
        "",
        ".",
        "e5",
        "1e",
        "1e+",
        "--1",
        "1_0",
        " 1",
        "0x10",
        "1,5",
        "١",
        "Infinity1",
    ] {
        same(s);
    }
    for header in [
        "X1",
        "LABEL",
        "Ärger",
        "ΟΔΟΣ",
        "İstanbul",
        "ǅ",
        "ẞ",
        "Straße",
        "x,Y",
        "ＡＢＣ",
        "ꞫB",
    ] {
        assert_eq!(Browser.lowercase(header), Std.lowercase(header), "{header}");
    }
}
