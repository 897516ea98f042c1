//! No algorithm's name or label is written in shipped code outside its rule file, the catalogue,
//! presets/lessons data and defaults, so that a rename is one edit: the page, the charts and the
//! CLI take them from the catalogue and the specs. This reads the string literals (not the
//! comments) of the shipped sources — `www/*.js` (not `www/pkg`, `www/bundle`, `www/vendor`), `index.html`'s
//! `aria-label`s, `title`s and menu options, and `src/**/*.rs` outside `#[cfg(test)]` modules —
//! and fails naming each place a name is written.

use perceptron_lab::catalogue::Algorithm;
use std::fs;
use std::path::Path;

/// The words that name a rule: its name (`-` or a space between its parts), its label, and its
/// label's first word where that word is the rule's own (not "soft" or "perceptron").
fn names() -> Vec<String> {
    let mut out = vec![];
    for a in Algorithm::rules() {
        let name = a.name().to_lowercase();
        out.push(name.clone());
        out.push(name.replace('-', " "));
        let label = a.info().label.to_lowercase();
        if let Some(first) = label.split_whitespace().next() {
            if !["soft", "perceptron"].contains(&first) {
                out.push(first.to_string());
            }
        }
        out.push(label);
    }
    out.sort();
    out.dedup();
    out
}

/// Whether `text` holds one of `names` as a whole word (case-insensitive).
fn named(text: &str, names: &[String]) -> Option<String> {
    let lower = text.to_lowercase();
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    for n in names {
        for (i, _) in lower.match_indices(n.as_str()) {
            if !word(lower[..i].chars().next_back()) && !word(lower[i + n.len()..].chars().next()) {
                return Some(n.clone());
            }
        }
    }
    None
}

/// The string literals of `code` (JavaScript `'…'`, `"…"`, `` `…` ``, or Rust `"…"` when
/// `rust`) outside `//` and `/* */` comments, each with its line.
fn literals(code: &str, rust: bool) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let (mut out, mut i, mut line) = (vec![], 0, 1);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if rust && c == '\'' {
            // a char literal ('a', '\n', '"'), else a lifetime
            match (next, chars.get(i + 2), chars.get(i + 3)) {
                (Some('\\'), _, Some('\'')) => i += 4,
                (Some(_), Some('\''), _) => i += 3,
                _ => i += 1,
            }
        } else if c == '"' || (!rust && (c == '\'' || c == '`')) {
            let (start, mut j) = (line, i + 1);
            let mut text = String::new();
            while j < chars.len() && chars[j] != c {
                if chars[j] == '\\' {
                    j += 1;
                }
                if let Some(&ch) = chars.get(j) {
                    line += usize::from(ch == '\n');
                    text.push(ch);
                }
                j += 1;
            }
            out.push((start, text));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The files under `dir` whose extension is `ext`, in every folder but `skip`'s (built or vendored code).
fn sources(dir: &Path, ext: &str, skip: &[&str], out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path
                .file_name()
                .is_some_and(|n| skip.iter().any(|s| n == *s))
            {
                sources(&path, ext, skip, out);
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// Where a name may be written: the rule files, the catalogue, the presets and lessons data,
/// the defaults, and code that is not shipped (the `bench` feature's).
fn allowed(path: &str, literal: &str, line_text: &str) -> bool {
    let rule_files = [
        "src/train/rosenblatt.rs",
        "src/train/adatron/",
        "src/train/hebb.rs",
        "src/train/adaline.rs",
        "src/train/pocket.rs",
        "src/train/logistic.rs",
        "src/train/notes.rs",
        "src/train/minover/",
        "src/train/students/",
        "src/train/algorithm.rs", // the names' one list (`Algorithm`) and the specs' match
        "src/catalogue/",
        "src/theory/curve.rs", // the theory curves' names (`hebb`, `gibbs`, `bayes` among them)
        "www/app/presets.js",  // presets data
        "www/curves/assignments.js", // the course reports' experiments as presets
        "www/lessons/lesson-chapter.js", // lessons data
        "src/kernels.rs",      // the `bench` feature's kernels, not shipped
        "src/wasm/bench.rs",   // the `bench` feature's exports, not shipped
    ];
    if rule_files.iter().any(|f| path.starts_with(f)) {
        return true;
    }
    // defaults: the page's default compared, animated and traced rules; a model file without
    // `algorithm` read as trained by the default rule
    let default = (path == "www/app/state-fields.js"
        && line_text.trim_start().starts_with("export const DEFAULT_"))
        || (path == "src/bin/perceptron-lab/model.rs" && line_text.contains("serde(default = "));
    // an element id the page has always had (links, tests and the e2e suites name it)
    default || literal == "gibbs-resample"
}

/// The places in `path`'s `text` that write a name.
fn offences(path: &str, text: &str, names: &[String]) -> Vec<String> {
    let rust = Path::new(path).extension().is_some_and(|e| e == "rs");
    let code = if rust {
        text.split("#[cfg(test)]").next().unwrap_or_default()
    } else {
        text
    };
    let lines: Vec<&str> = text.lines().collect();
    literals(code, rust)
        .into_iter()
        .filter_map(|(line, literal)| {
            let n = named(&literal, names)?;
            let line_text = lines.get(line - 1).copied().unwrap_or_default();
            (!allowed(path, &literal, line_text))
                .then(|| format!("{path}:{line}: \"{n}\" in {literal:?}"))
        })
        .collect()
}

#[test]
fn no_shipped_source_names_an_algorithm_outside_its_places() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = names();
    let mut found = vec![];
    let mut files = vec![];
    sources(&root.join("src"), "rs", &[], &mut files);
    // the page's modules, in their folders (www/pkg is the core's build, www/bundle their bundle,
    // www/vendor others' code)
    let built = ["pkg", "bundle", "vendor"];
    sources(&root.join("www"), "js", &built, &mut files);
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        found.extend(offences(&rel, &fs::read_to_string(path).unwrap(), &names));
    }
    // index.html: the canvases' and controls' accessible names, tooltips and menu options (its
    // explanatory paragraphs are prose, as the docs are)
    let html = fs::read_to_string(root.join("index.html")).unwrap();
    for (k, line) in html.lines().enumerate() {
        for (start, end) in [
            ("aria-label=\"", "\""),
            ("title=\"", "\""),
            ("<option ", "</option>"),
        ] {
            for part in line.split(start).skip(1) {
                let text = part.split(end).next().unwrap_or_default();
                if let Some(n) = named(text, &names) {
                    found.push(format!(
                        "index.html:{}: \"{n}\" in {start}… {text:?}",
                        k + 1
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "algorithm names written outside the rule files, the catalogue, presets/lessons data and defaults (take them from the catalogue):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checker_finds_a_name_in_a_literal_and_ignores_comments() {
    let names = names();
    assert!(
        names.contains(&"rosenblatt".to_string()) && names.contains(&"soft margin".to_string())
    );
    let js = "// Rosenblatt in a comment\n/* MinOver */ const a = `the ${x} MinOver`;\nconst b = 'pocketErrors';\n";
    let found = offences("www/x.js", js, &names);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("www/x.js:2: \"minover\""), "{found:?}");
    let rs = "/// Rosenblatt\nfn f() -> &'static str { let c = '\"'; \"an AdaTron\" }\n#[cfg(test)]\nmod tests { const A: &str = \"hebb\"; }\n";
    let found = offences("src/x.rs", rs, &names);
    assert_eq!(
        found,
        vec!["src/x.rs:2: \"adatron\" in \"an AdaTron\"".to_string()]
    );
    assert!(
        offences("src/train/hebb.rs", rs, &names).is_empty(),
        "a rule file may name rules"
    );
}
