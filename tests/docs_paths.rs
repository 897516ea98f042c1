//! Every path of the repository the docs name (`src/…` and `tests/…` in README.md and
//! docs/*.md, in code spans, tables or links) exists: a file moved or split (`src/train/adatron.rs`
//! into `src/train/adatron/`) leaves no stale path behind.

mod common;

use std::path::Path;

/// The first segments of the paths checked.
const ROOTS: [&str; 2] = ["src/", "tests/"];

/// The repository paths `text` names: each `src/…` or `tests/…` that starts a word (or follows
/// `../`, a link from docs/), up to the first character that is not part of a path, without a
/// trailing `.` or `,`. A path that goes on with a pattern (`tests/*.rs`, `src/{a,b}.rs`) is
/// its directory.
fn paths(text: &str) -> Vec<String> {
    let in_path = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/');
    let mut out = Vec::new();
    for root in ROOTS {
        for (i, _) in text.match_indices(root) {
            let before = &text[..i];
            let starts =
                before.ends_with("../") || !before.chars().next_back().is_some_and(in_path);
            if !starts {
                continue;
            }
            let rest = &text[i..];
            let end = rest.find(|c: char| !in_path(c)).unwrap_or(rest.len());
            let mut path = rest[..end].trim_end_matches(['.', ',']);
            if rest[end..].starts_with(['*', '{', '<']) {
                path = &path[..=path.rfind('/').unwrap_or(0)];
            }
            out.push(path.to_string());
        }
    }
    out
}

#[test]
fn the_paths_the_docs_name_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = common::docs::markdown_files();
    let mut missing = Vec::new();
    let mut seen = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            for path in paths(line) {
                seen += 1;
                if !root.join(&path).exists() {
                    let doc = f.strip_prefix(root).unwrap().display();
                    missing.push(format!("{doc}:{}: {path}", n + 1));
                }
            }
        }
    }
    assert!(seen > 50, "the docs' paths are read at all: {seen}");
    assert!(
        missing.is_empty(),
        "paths the docs name that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn paths_are_read_from_code_spans_tables_and_links() {
    let text = "`src/train/adatron.rs`, | `src/bin/perceptron-lab/` | see src/exact/ldp.rs. \
                [tests](../tests/README.md#page) `tests/*.rs` `src/{a,b}.rs` python/src/lib.rs \
                the_src/x";
    assert_eq!(
        paths(text),
        [
            "src/train/adatron.rs",
            "src/bin/perceptron-lab/",
            "src/exact/ldp.rs",
            "src/",
            "tests/README.md",
            "tests/",
        ]
    );
}
