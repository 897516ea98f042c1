//! The core's top-level modules depend on each other without a cycle (docs/ARCHITECTURE.md:
//! the layers), so that a module can be read, tested and changed from the ones below it alone.
//!
//! The dependencies are read from the sources: every path `crate::m…` (in `use` declarations,
//! `use crate::{a::{b, c}, d}` groups, nested or not, and paths in code) and every chain
//! `super::…::m` that climbs from a file's module to the crate (`super::m` in `src/hull.rs`,
//! `super::super::m` in `src/a/b.rs`). Comments are left out, so a doc link to a module above is no
//! dependency.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The top-level modules of `src/` (its files and directories, but `lib.rs` and `bin/`).
fn top_level_modules(src: &Path) -> BTreeSet<String> {
    fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            let module = p.is_dir() || p.extension().is_some_and(|e| e == "rs");
            (module && name != "lib" && name != "bin").then_some(name)
        })
        .collect()
}

/// `text` without its comments (`//…` to the end of the line; `/* … */`).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('/') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("//") {
            rest = tail.find('\n').map_or("", |j| &tail[j..]);
        } else if tail.starts_with("/*") {
            rest = tail.find("*/").map_or("", |j| &tail[j + 2..]);
        } else {
            out.push('/');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The items of the group `{…}` that `after` starts with (its body split at the commas outside
/// nested groups: `{a::{b, c}, d}` gives `a::{b, c}` and `d`); `None` if `after` is no group.
fn group_items(after: &str) -> Option<Vec<&str>> {
    let body = after.strip_prefix('{')?;
    let (mut depth, mut start, mut items) = (0usize, 0, vec![]);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&body[start..i]);
                return Some(items);
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&body[start..]);
    Some(items)
}

/// The first path segment of every path after `prefix` (`crate::`, `super::`) in `code`,
/// the items of a `{a::{b, c}, d}` group included (`a` and `d`). With `super::`, `levels` is
/// the depth of the file's module under the crate (`src/hull.rs`: 1; `src/a/b.rs`: 2): a chain
/// `super::super::…` of `levels` steps names a top-level module; a shorter one stays inside the
/// file's own top-level module and names none.
fn referenced(code: &str, prefix: &str, levels: usize) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue; // e.g. `my_crate::`, or the second `super::` of a chain
        }
        let mut after = code[i + prefix.len()..].trim_start();
        if prefix == "super::" {
            let mut up = 1;
            while let Some(rest) = after.strip_prefix("super::") {
                after = rest.trim_start();
                up += 1;
            }
            if up != levels {
                continue; // inside the file's own top-level module (or beyond the crate)
            }
        }
        match group_items(after) {
            Some(items) => out.extend(
                items
                    .into_iter()
                    .map(|item| ident(item.trim()))
                    .filter(|s| !s.is_empty()),
            ),
            None => {
                out.insert(ident(after));
            }
        }
    }
    out
}

/// The dependency graph of the top-level modules from `files`: `(path under src/, text)`.
fn graph(
    modules: &BTreeSet<String>,
    files: &[(String, String)],
) -> BTreeMap<String, BTreeSet<String>> {
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files {
        let top = path.split('/').next().unwrap().trim_end_matches(".rs");
        if !modules.contains(top) {
            continue;
        }
        let code = strip_comments(text);
        let mut used = referenced(&code, "crate::", 0);
        // the depth of the file's module: `hull.rs` 1, `a/mod.rs` 1, `a/b.rs` 2
        let segments = path.trim_end_matches(".rs").split('/').count();
        let levels = if path.ends_with("/mod.rs") {
            segments - 1
        } else {
            segments
        };
        used.extend(referenced(&code, "super::", levels));
        let entry = deps.entry(top.to_string()).or_default();
        entry.extend(used.into_iter().filter(|m| m != top && modules.contains(m)));
    }
    deps
}

/// A cycle of `deps`, as the list of modules along it (the first repeated at the end).
fn find_cycle(deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        m: &str,
        deps: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(m.to_string(), Mark::Open);
        path.push(m.to_string());
        for d in deps.get(m).into_iter().flatten() {
            match marks.get(d).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = path.iter().position(|p| p == d).unwrap();
                    let mut cycle = path[from..].to_vec();
                    cycle.push(d.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(d, deps, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(m.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for m in deps.keys() {
        if marks.get(m).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(m, deps, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// Every `.rs` file under `dir`, as `(path relative to root, text)`.
fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn the_top_level_modules_have_no_dependency_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = top_level_modules(&src);
    let mut files = Vec::new();
    sources(&src, &src, &mut files);
    let deps = graph(&modules, &files);
    // the graph is read at all: the layers' known edges are there
    for (from, to) in [
        ("train", "measure"),
        ("catalogue", "train"),
        ("scene", "train"),
    ] {
        assert!(
            deps.get(from).is_some_and(|d| d.contains(to)),
            "{from} → {to} not found in {deps:?}"
        );
    }
    if let Some(cycle) = find_cycle(&deps) {
        panic!(
            "the modules form a cycle: {} (each uses the next: `use crate::…`)",
            cycle.join(" → ")
        );
    }
}

/// The checker finds a cycle through a group import, a path in code and a top-level `super::`,
/// and ignores one written only in a comment.
#[test]
fn the_checker_finds_a_cycle_and_ignores_comments() {
    let modules: BTreeSet<String> = ["a", "b", "c", "d"].map(String::from).into();
    let file = |p: &str, t: &str| (p.to_string(), t.to_string());
    let acyclic = [
        file("a/mod.rs", "use crate::{b::X, measure};\n"),
        file("b.rs", "fn f() { super::c::g() }\n"),
        file("c/x.rs", "// see crate::a\n/* crate::a */ fn g() {}\n"),
    ];
    let deps = graph(&modules, &acyclic);
    assert_eq!(deps["a"], ["b".to_string()].into());
    assert_eq!(deps["b"], ["c".to_string()].into());
    assert!(deps["c"].is_empty(), "{deps:?}");
    assert_eq!(find_cycle(&deps), None);
    let mut cyclic = acyclic.to_vec();
    cyclic.push(file("c/y.rs", "fn h() -> crate::a::T { todo!() }\n"));
    let cycle = find_cycle(&graph(&modules, &cyclic)).expect("a → b → c → a");
    assert_eq!(cycle, ["a", "b", "c", "a"]);
}

/// A nested group names every top-level item (`crate::{a::{b, c}, d}`: `a` and `d`), and a
/// `super::` chain that climbs to the crate names a top-level module (`super::super::super::d`
/// from `src/b/x/y.rs`), where a shorter chain stays inside the file's own module.
#[test]
fn the_checker_reads_nested_groups_and_super_chains() {
    let modules: BTreeSet<String> = ["a", "b", "c", "d", "e"].map(String::from).into();
    let file = |p: &str, t: &str| (p.to_string(), t.to_string());
    let files = [
        file("a/mod.rs", "use crate::{b::{X, Y}, c};\nuse super::e;\n"),
        file(
            "b/x/y.rs",
            "use super::super::c2::V;\nuse super::super::super::d::Z;\n",
        ),
        file(
            "b/x.rs",
            "use super::x2::W;\nfn f() { super::super::e::g() }\n",
        ),
        file("c.rs", "use super::{d, e::F};\n"),
        file("d/mod.rs", "use super::super::a;\n"),
    ];
    let deps = graph(&modules, &files);
    assert_eq!(
        deps["a"],
        ["b", "c", "e"].map(String::from).into(),
        "{deps:?}"
    );
    assert_eq!(deps["b"], ["d", "e"].map(String::from).into(), "{deps:?}");
    assert_eq!(deps["c"], ["d", "e"].map(String::from).into(), "{deps:?}");
    assert!(
        deps["d"].is_empty(),
        "beyond the crate names nothing: {deps:?}"
    );
    let nested = referenced("use crate::{a::{b, c}, d};", "crate::", 0);
    assert_eq!(nested, ["a", "d"].map(String::from).into());
}
