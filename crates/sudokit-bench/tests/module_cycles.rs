//! The library's modules form no dependency cycle.
//!
//! Every source file of `crates/sudokit/src` is a module (inline modules belong to their
//! file). A file depends on the module a path of its code resolves to: `crate::…`,
//! `super::…`, `self::…` and paths that start at a child module or at a name the file
//! imported, followed through `use` re-exports (`generate::Rng` is `generate/rng.rs`).
//! Paths in macro bodies count; doc links, comments and `#[cfg(test)]` items do not
//! (tests may use anything).
//!
//! A module may use its ancestors and descendants: that is how Rust nests modules
//! (a parent re-exports its children, a child uses its parent's shared items). Any other
//! dependency is lifted to the two sibling subtrees under the lowest common ancestor
//! (`format/line.rs` → `grid.rs` is `format` → `grid`), and among the children of each
//! module these dependencies must form no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A module's path from the crate root (`["engine", "fast", "state"]`).
type ModPath = Vec<String>;

/// One source file of the library.
struct FileModule {
    path: ModPath,
    ast: syn::File,
}

/// The crate's module tree read from its files, and every file's dependencies.
struct Crate {
    files: Vec<FileModule>,
    /// Modules declared inline (`mod x86 { … }`) and in files, by full path.
    modules: BTreeSet<ModPath>,
    /// Per module, the names it imports with `use`, to the full path they name.
    imports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
}

fn skipped(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string().split_whitespace().any(|t| t == "test"))
    })
}

/// Expands a `use` tree to (name, full path) pairs, `self` in a group naming its prefix.
fn use_paths(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident == "self" => {
            out.push((prefix.last().cloned().unwrap_or_default(), prefix.clone()));
        }
        syn::UseTree::Name(n) => {
            let mut full = prefix.clone();
            full.push(n.ident.to_string());
            out.push((n.ident.to_string(), full));
        }
        syn::UseTree::Rename(r) => {
            let mut full = prefix.clone();
            full.push(r.ident.to_string());
            out.push((r.rename.to_string(), full));
        }
        syn::UseTree::Glob(_) => out.push(("*".to_string(), prefix.clone())),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_paths(t, prefix, out);
            }
        }
    }
}

impl Crate {
    /// Reads the crate whose root file is `root` (`src/lib.rs`).
    fn read(root: &Path) -> Crate {
        let mut krate = Crate {
            files: Vec::new(),
            modules: BTreeSet::new(),
            imports: BTreeMap::new(),
        };
        let mut todo = vec![(Vec::new(), root.to_path_buf())];
        while let Some((path, file)) = todo.pop() {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            // Where `mod x;` looks for `x.rs` / `x/mod.rs`.
            let dir = match file.file_name().and_then(|n| n.to_str()) {
                Some("lib.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
                _ => file.with_extension(""),
            };
            krate.scan_items(&ast.items, &path, Some(&dir), &mut todo);
            krate.modules.insert(path.clone());
            krate.files.push(FileModule { path, ast });
        }
        krate
    }

    fn scan_items(
        &mut self,
        items: &[syn::Item],
        path: &ModPath,
        dir: Option<&Path>,
        todo: &mut Vec<(ModPath, PathBuf)>,
    ) {
        for item in items {
            match item {
                syn::Item::Mod(m) if !skipped(&m.attrs) => {
                    let mut child = path.clone();
                    child.push(m.ident.to_string());
                    self.modules.insert(child.clone());
                    match (&m.content, dir) {
                        (Some((_, inner)), _) => self.scan_items(inner, &child, None, todo),
                        (None, Some(dir)) => {
                            let name = m.ident.to_string();
                            let flat = dir.join(format!("{name}.rs"));
                            let file = if flat.exists() {
                                flat
                            } else {
                                dir.join(name).join("mod.rs")
                            };
                            todo.push((child, file));
                        }
                        (None, None) => panic!("`mod {};` inside an inline module", m.ident),
                    }
                }
                syn::Item::Use(u) if !skipped(&u.attrs) => {
                    let mut pairs = Vec::new();
                    use_paths(&u.tree, &mut Vec::new(), &mut pairs);
                    let table = self.imports.entry(path.clone()).or_default();
                    for (name, full) in pairs {
                        table.insert(name, full);
                    }
                }
                _ => {}
            }
        }
    }

    /// The module a path written in module `at` leads to (the deepest module it walks
    /// through), or `None` for a path outside the crate.
    fn resolve(&self, at: &ModPath, segments: &[String], depth: usize) -> Option<ModPath> {
        if depth > 16 {
            return None;
        }
        let (mut module, rest) = match segments.first().map(String::as_str) {
            Some("crate") => (Vec::new(), &segments[1..]),
            Some("self") => (at.clone(), &segments[1..]),
            Some("super") => {
                let mut m = at.clone();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    m.pop();
                    rest = &rest[1..];
                }
                (m, rest)
            }
            Some(_) => (at.clone(), segments),
            None => return None,
        };
        let relative = !matches!(segments[0].as_str(), "crate" | "self" | "super");
        for (i, seg) in rest.iter().enumerate() {
            let mut child = module.clone();
            child.push(seg.clone());
            if self.modules.contains(&child) {
                module = child;
                continue;
            }
            let imported = self.imports.get(&module).and_then(|t| t.get(seg));
            if let Some(full) = imported {
                let mut target = full.clone();
                target.extend(rest[i + 1..].iter().cloned());
                return self.resolve(&module, &target, depth + 1);
            }
            if relative && i == 0 {
                // A name neither a child module nor imported: not a path of this crate.
                return None;
            }
            break;
        }
        Some(module)
    }

    /// Per file, the modules its code depends on, with one path that shows each.
    fn dependencies(&self) -> BTreeMap<ModPath, BTreeMap<ModPath, String>> {
        let mut deps = BTreeMap::new();
        for f in &self.files {
            let mut v = Collector {
                krate: self,
                at: f.path.clone(),
                found: BTreeMap::new(),
            };
            v.visit_file(&f.ast);
            deps.insert(f.path.clone(), v.found);
        }
        deps
    }

    /// The file module (the deepest module read from a file) that contains `module`.
    fn file_of(&self, module: &ModPath) -> ModPath {
        let mut m = module.clone();
        while !self.files.iter().any(|f| f.path == m) {
            m.pop();
        }
        m
    }
}

/// Gathers the modules one file's paths resolve to.
struct Collector<'a> {
    krate: &'a Crate,
    at: ModPath,
    found: BTreeMap<ModPath, String>,
}

impl Collector<'_> {
    fn note(&mut self, segments: Vec<String>) {
        if let Some(target) = self.krate.resolve(&self.at, &segments, 0) {
            let file = self.krate.file_of(&target);
            self.found
                .entry(file)
                .or_insert_with(|| segments.join("::"));
        }
    }

    /// Paths inside a macro's tokens: `crate`, `self` or `super` and what follows.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let mut path: Vec<String> = Vec::new();
        let mut colons = 0;
        for tt in tokens {
            match tt {
                TokenTree::Ident(i) => {
                    let s = i.to_string();
                    if colons == 2 && !path.is_empty() {
                        path.push(s);
                    } else {
                        self.flush(&mut path);
                        if matches!(s.as_str(), "crate" | "self" | "super") {
                            path.push(s);
                        }
                    }
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' => colons += 1,
                TokenTree::Group(g) => {
                    self.flush(&mut path);
                    colons = 0;
                    self.scan_tokens(g.stream());
                }
                _ => {
                    self.flush(&mut path);
                    colons = 0;
                }
            }
        }
        self.flush(&mut path);
    }

    fn flush(&mut self, path: &mut Vec<String>) {
        if path.len() > 1 {
            self.note(std::mem::take(path));
        }
        path.clear();
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            _ => &[],
        };
        if skipped(attrs) {
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if let Some((_, items)) = &m.content {
            self.at.push(m.ident.to_string());
            for item in items {
                self.visit_item(item);
            }
            self.at.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut pairs = Vec::new();
        use_paths(&u.tree, &mut Vec::new(), &mut pairs);
        for (_, full) in pairs {
            self.note(full);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 || matches!(segments[0].as_str(), "crate" | "super") {
            self.note(segments);
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.scan_tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// The dependencies between siblings: `(parent, from child, to child)` with the
/// file-level dependency that shows it.
fn sibling_edges(
    deps: &BTreeMap<ModPath, BTreeMap<ModPath, String>>,
) -> BTreeMap<(ModPath, String, String), String> {
    let mut edges = BTreeMap::new();
    for (from, targets) in deps {
        for (to, via) in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // ancestor or descendant
            }
            let parent = from[..common].to_vec();
            let shown = format!("{} uses `{via}`", display(from));
            edges
                .entry((parent, from[common].clone(), to[common].clone()))
                .or_insert(shown);
        }
    }
    edges
}

fn display(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".to_string()
    } else {
        path.join("::")
    }
}

/// The cycles among siblings: each strongly connected set of two or more children of
/// one module, with the dependencies inside it.
fn cycles(edges: &BTreeMap<(ModPath, String, String), String>) -> Vec<String> {
    let mut by_parent: BTreeMap<&ModPath, BTreeMap<&str, Vec<&str>>> = BTreeMap::new();
    for (parent, from, to) in edges.keys() {
        by_parent
            .entry(parent)
            .or_default()
            .entry(from)
            .or_default()
            .push(to);
    }
    let mut found = Vec::new();
    for (parent, graph) in by_parent {
        // Two children are in one cycle when each reaches the other.
        let reach = |start: &str| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![start];
            while let Some(n) = todo.pop() {
                for &m in graph.get(n).into_iter().flatten() {
                    if seen.insert(m) {
                        todo.push(m);
                    }
                }
            }
            seen
        };
        let mut done = BTreeSet::new();
        for &n in graph.keys() {
            if done.contains(n) {
                continue;
            }
            let from_n = reach(n);
            let set: BTreeSet<&str> = from_n
                .iter()
                .copied()
                .filter(|&m| reach(m).contains(n))
                .collect();
            if set.len() < 2 {
                continue;
            }
            done.extend(set.iter().copied());
            let mut text = format!(
                "in {}: {}",
                display(parent),
                set.iter().copied().collect::<Vec<_>>().join(" <-> ")
            );
            for ((p, from, to), via) in edges {
                if p == parent && set.contains(from.as_str()) && set.contains(to.as_str()) {
                    text.push_str(&format!("\n    {from} -> {to}: {via}"));
                }
            }
            found.push(text);
        }
    }
    found
}

fn check(root: &Path) -> Vec<String> {
    let krate = Crate::read(root);
    cycles(&sibling_edges(&krate.dependencies()))
}

#[test]
fn the_library_has_no_module_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sudokit/src/lib.rs");
    let found = check(&root);
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

/// Writes a small crate into a fresh directory under the target directory.
fn write_crate(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    dir.join("lib.rs")
}

#[test]
fn a_cycle_through_a_re_export_and_a_macro_is_found() {
    let root = write_crate(
        "cycle",
        &[
            ("lib.rs", "pub mod a;\npub mod b;\n"),
            ("a.rs", "pub fn f() { println!(\"{}\", crate::b::g()); }\n"),
            ("b/mod.rs", "mod inner;\npub use inner::g;\n"),
            (
                "b/inner.rs",
                "use crate::a;\npub fn g() -> u8 { a::f(); 1 }\n",
            ),
        ],
    );
    let found = check(&root);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in crate: a <-> b"), "{}", found[0]);
}

#[test]
fn a_cycle_between_siblings_through_super_is_found() {
    let root = write_crate(
        "siblings",
        &[
            ("lib.rs", "mod m;\n"),
            ("m/mod.rs", "mod x;\nmod y;\n"),
            ("m/x.rs", "pub struct X(super::y::Y);\n"),
            (
                "m/y.rs",
                "pub struct Y;\nfn f() -> Option<super::x::X> { None }\n",
            ),
        ],
    );
    let found = check(&root);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("in m: x <-> y"), "{}", found[0]);
}

#[test]
fn parents_children_and_tests_make_no_cycle() {
    let root = write_crate(
        "nested",
        &[
            ("lib.rs", "pub mod a;\npub mod b;\npub use a::A;\n"),
            ("a/mod.rs", "mod leaf;\npub use leaf::A;\npub struct Shared;\n"),
            ("a/leaf.rs", "pub struct A(super::Shared, crate::b::B);\n"),
            (
                "b.rs",
                "/// Not [`crate::a::A`].\npub struct B;\n#[cfg(test)]\nmod tests { use crate::a::A; }\n",
            ),
        ],
    );
    assert_eq!(check(&root), Vec::<String>::new());
}
