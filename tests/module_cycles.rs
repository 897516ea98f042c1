//! No module of the core depends on its siblings in a cycle, at any level of `src/` (the
//! top-level modules among themselves, `train`'s modules among themselves, and so on), so that
//! every module can be read, tested and changed from the ones below it alone. The same holds in
//! each binary under `src/bin/` (the CLI's modules, `src/bin/perceptron-lab/`), a crate of its
//! own whose `crate::` is its `main.rs`.
//!
//! Dependencies are read from the sources: every path that starts with `crate::`, `super::` or
//! `self::` (in `use` declarations, nested `{…}` groups included, and in code), resolved to the
//! module that defines the item by following `pub use` re-exports. A use of `a::b::x` from a file
//! in `a::c` is the edge `c → b` among `a`'s modules; a use of an ancestor or a descendant is
//! none. Comments and `#[cfg(test)]` modules are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type ModPath = Vec<String>;

/// The module path of a file under its crate's root directory: `train/config.rs` →
/// `train::config`, `train/mod.rs` and `train.rs` → `train`, `lib.rs` (a binary's `main.rs`) →
/// the crate root.
fn module_of(path: &str) -> ModPath {
    if matches!(path, "lib.rs" | "main.rs") {
        return ModPath::new();
    }
    let p = path.trim_end_matches(".rs");
    let mut segs: Vec<String> = p.split('/').map(String::from).collect();
    if segs.last().is_some_and(|s| s == "mod") {
        segs.pop();
    }
    segs
}

/// `text` without comments (`//…`, `/* … */`) and without `#[cfg(test)] mod … { … }` blocks.
fn strip(text: &str) -> String {
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
    while let Some(i) = out.find("#[cfg(test)]") {
        let after = out[i..].trim_start_matches("#[cfg(test)]").trim_start();
        let Some(open) = after.strip_prefix("mod ").and_then(|s| s.find('{')) else {
            out.replace_range(i..i + "#[cfg(test)]".len(), "");
            continue;
        };
        let start = out.len() - after.len() + "mod ".len() + open;
        let mut depth = 0;
        let mut end = out.len();
        for (j, c) in out[start..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + j + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(i..end, "");
    }
    out
}

fn ident(s: &str) -> &str {
    let n = s
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
        .map_or(s.len(), |(i, _)| i);
    &s[..n]
}

/// The paths a path expression starting at `s` names, with their alias (`a::{b, c as d}` gives
/// `a::b` named `b` and `a::c` named `d`; `a::*` gives `a` named `*`).
fn expand(s: &str) -> Vec<(Vec<String>, String)> {
    let mut prefix = Vec::new();
    let mut rest = s.trim_start();
    loop {
        if let Some(body) = rest.strip_prefix('{') {
            let mut out = Vec::new();
            let (mut depth, mut start) = (0usize, 0);
            let mut items = Vec::new();
            for (i, c) in body.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        items.push(&body[start..i]);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&body[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            for item in items.into_iter().filter(|i| !i.trim().is_empty()) {
                for (p, alias) in expand(item) {
                    let mut full = prefix.clone();
                    if p != ["self"] {
                        full.extend(p);
                    }
                    let alias = if alias == "self" {
                        full.last().cloned().unwrap_or_default()
                    } else {
                        alias
                    };
                    out.push((full, alias));
                }
            }
            return out;
        }
        if rest.starts_with('*') {
            return vec![(prefix, "*".into())];
        }
        let id = ident(rest);
        if id.is_empty() {
            let alias = prefix.last().cloned().unwrap_or_default();
            return vec![(prefix, alias)];
        }
        prefix.push(id.to_string());
        rest = rest[id.len()..].trim_start();
        if let Some(r) = rest.strip_prefix("::") {
            rest = r.trim_start();
        } else {
            let alias = rest
                .strip_prefix("as ")
                .map_or(id.to_string(), |r| ident(r.trim_start()).to_string());
            return vec![(prefix, alias)];
        }
    }
}

/// `path` made absolute from the module `here` (`crate::`, `super::`, `self::`, or a child of
/// `here`); `None` for other crates' paths.
fn absolute(here: &ModPath, path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let first = path.first()?;
    let mut base = here.clone();
    let mut rest = path;
    match first.as_str() {
        "crate" => {
            base.clear();
            rest = &path[1..];
        }
        "self" => rest = &path[1..],
        "super" => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => {
            let mut child = here.clone();
            child.push(first.clone());
            if !modules.contains(&child) {
                return None;
            }
        }
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

struct Crate {
    modules: BTreeSet<ModPath>,
    /// `(module, name)` → the absolute path a `pub use` in that module gives the name.
    reexports: BTreeMap<(ModPath, String), ModPath>,
    /// Per file: its module and the absolute paths it uses.
    uses: Vec<(ModPath, Vec<ModPath>)>,
}

impl Crate {
    fn read(files: &[(String, String)]) -> Crate {
        let mut modules: BTreeSet<ModPath> = files.iter().map(|(p, _)| module_of(p)).collect();
        for m in modules.clone() {
            for i in 0..m.len() {
                modules.insert(m[..i].to_vec());
            }
        }
        let mut reexports = BTreeMap::new();
        let mut uses = Vec::new();
        for (path, text) in files {
            let here = module_of(path);
            let code = strip(text);
            let mut found = Vec::new();
            for stmt in code.split(';') {
                let t = stmt.trim_start();
                let public = t.starts_with("pub use ") || t.starts_with("pub(crate) use ");
                let Some(i) = t.find("use ").filter(|&i| i == 0 || public) else {
                    continue;
                };
                for (p, alias) in expand(&t[i + 4..]) {
                    if let Some(abs) = absolute(&here, &p, &modules) {
                        if public && alias != "*" {
                            reexports.insert((here.clone(), alias), abs.clone());
                        }
                        found.push(abs);
                    }
                }
            }
            for prefix in ["crate::", "super::", "self::"] {
                for (i, _) in code.match_indices(prefix) {
                    let before = code[..i].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                        continue;
                    }
                    for (p, _) in expand(&code[i..]) {
                        found.extend(absolute(&here, &p, &modules));
                    }
                }
            }
            uses.push((here, found));
        }
        Crate {
            modules,
            reexports,
            uses,
        }
    }

    /// The module that defines the item `path` names: the longest module prefix, following
    /// re-exports.
    fn home(&self, path: &ModPath) -> ModPath {
        let mut path = path.clone();
        for _ in 0..16 {
            let n = (0..=path.len())
                .rev()
                .find(|&n| self.modules.contains(&path[..n]))
                .unwrap_or(0);
            let module = path[..n].to_vec();
            match path.get(n) {
                Some(name) => match self.reexports.get(&(module.clone(), name.clone())) {
                    Some(target) if *target != path[..=n] => {
                        let mut next = target.clone();
                        next.extend(path[n + 1..].iter().cloned());
                        path = next;
                    }
                    _ => return module,
                },
                None => return module,
            }
        }
        path
    }

    /// The dependency graphs among the children of each module: `parent → (child → children)`.
    fn graphs(&self) -> BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> {
        let mut out: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (here, used) in &self.uses {
            for path in used {
                let to = self.home(path);
                let common = here.iter().zip(&to).take_while(|(a, b)| a == b).count();
                if common < here.len() && common < to.len() {
                    out.entry(here[..common].to_vec())
                        .or_default()
                        .entry(here[common].clone())
                        .or_default()
                        .insert(to[common].clone());
                }
            }
        }
        out
    }
}

/// A cycle of `deps`, as the list of modules along it (the first repeated at the end).
fn find_cycle(deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        deps: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(from) = path.iter().position(|p| p == m) {
            let mut cycle = path[from..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for d in deps.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, deps, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    deps.keys()
        .find_map(|m| visit(m, deps, &mut done, &mut Vec::new()))
}

/// Every `.rs` file under `dir` but `bin/`, as `(path relative to root, text)`.
fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "bin") {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy();
            out.push((rel.replace('\\', "/"), fs::read_to_string(&path).unwrap()));
        }
    }
}

fn cycles(files: &[(String, String)]) -> Vec<String> {
    let graphs = Crate::read(files).graphs();
    graphs
        .iter()
        .filter_map(|(parent, deps)| {
            let cycle = find_cycle(deps)?;
            Some(format!(
                "in `crate::{}`: {}",
                parent.join("::"),
                cycle.join(" → ")
            ))
        })
        .collect()
}

fn file(p: &str, t: &str) -> (String, String) {
    (p.to_string(), t.to_string())
}

/// The crates of `src/bin/`: a directory (its `main.rs` the root) or one file each, as its name
/// and its files (paths relative to the directory; a one-file binary is `main.rs`).
fn binaries(src: &Path) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    for entry in fs::read_dir(src.join("bin")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut files = Vec::new();
        if path.is_dir() {
            sources(&path, &path, &mut files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(("main.rs".into(), fs::read_to_string(&path).unwrap()));
        }
        out.push((name, files));
    }
    out.sort();
    out
}

#[test]
fn no_modules_depend_on_their_siblings_in_a_cycle_at_any_level() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &src, &mut files);
    let graphs = Crate::read(&files).graphs();
    // the graphs are read at all: known edges at three levels are there
    let edge = |parent: &[&str], from: &str, to: &str| {
        let parent: ModPath = parent.iter().map(ToString::to_string).collect();
        graphs
            .get(&parent)
            .and_then(|g| g.get(from))
            .is_some_and(|d| d.contains(to))
    };
    assert!(edge(&[], "train", "measure"));
    assert!(edge(&[], "catalogue", "train"));
    assert!(edge(&["train"], "minover", "gram"));
    assert!(edge(&["train"], "adatron", "gram"));
    let found = cycles(&files);
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

/// The binaries' modules (the CLI's subcommands and what they share) form no cycle either.
#[test]
fn no_modules_of_a_binary_depend_on_their_siblings_in_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bins = binaries(&src);
    let (_, cli) = bins
        .iter()
        .find(|(name, _)| name == "perceptron-lab")
        .expect("the CLI's binary, src/bin/perceptron-lab/");
    // the CLI's graph is read at all: known edges are there
    let graphs = Crate::read(cli).graphs();
    let edge = |from: &str, to: &str| {
        graphs
            .get(&ModPath::new())
            .and_then(|g| g.get(from))
            .is_some_and(|d| d.contains(to))
    };
    assert!(edge("train", "model"));
    assert!(edge("predict", "model"));
    assert!(edge("cli", "train"));
    let found: Vec<String> = bins
        .iter()
        .flat_map(|(name, files)| {
            cycles(files)
                .into_iter()
                .map(move |c| format!("{name}: {c}"))
        })
        .collect();
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

/// The checker finds a cycle through a group import, a path in code and a `super::` chain, and
/// ignores one written only in a comment or in a test module.
#[test]
fn the_checker_finds_a_cycle_and_ignores_comments_and_tests() {
    let acyclic = [
        file("lib.rs", "pub mod a; pub mod b; pub mod c;\n"),
        file("a/mod.rs", "use crate::{b::X, c::{self, Y}};\n"),
        file("b.rs", "fn f() { super::c::g() }\n"),
        file(
            "c/x.rs",
            "// see crate::a\n/* crate::a */ fn g() {}\n#[cfg(test)]\nmod tests { use crate::a::Z; }\n",
        ),
    ];
    assert!(cycles(&acyclic).is_empty(), "{:?}", cycles(&acyclic));
    let mut cyclic = acyclic.to_vec();
    cyclic.push(file("c/y.rs", "fn h() -> crate::a::T { todo!() }\n"));
    assert_eq!(cycles(&cyclic), ["in `crate::`: a → b → c → a"]);
}

/// A cycle below the top level is found, through a re-export in the parent (`super::T` where the
/// parent has `pub use b::T`), and a use of the parent's own items is no edge.
#[test]
fn the_checker_finds_a_cycle_among_submodules_through_a_reexport() {
    let files = [
        file("lib.rs", "pub mod t;\n"),
        file("t/mod.rs", "mod a; mod b; pub use b::T; pub struct Own;\n"),
        file("t/a.rs", "use super::{T, Own};\n"),
        file(
            "t/b.rs",
            "use super::Own; fn f() { super::super::t::a::g() }\n",
        ),
    ];
    assert_eq!(cycles(&files), ["in `crate::t`: a → b → a"]);
    let without = [files[0].clone(), files[1].clone(), files[2].clone()];
    assert!(cycles(&without).is_empty());
}

/// A binary's `main.rs` is its crate's root: a cycle among the modules it declares is found,
/// and a use of another crate (the library, by its name) is no edge.
#[test]
fn the_checker_reads_a_binary_from_its_main() {
    let files = [
        file(
            "main.rs",
            "mod cli; mod run; fn main() { cli::main() }
",
        ),
        file(
            "cli.rs",
            "use perceptron_lab::cli::X; pub fn main() { crate::run::go() }
",
        ),
        file(
            "run.rs",
            "use crate::cli::{note, Out};
",
        ),
    ];
    assert_eq!(cycles(&files), ["in `crate::`: cli → run → cli"]);
    let acyclic = [files[0].clone(), files[1].clone()];
    assert!(cycles(&acyclic).is_empty());
}
