//! The crate's modules import each other without a cycle.
//!
//! A cycle (`a` uses `b`, `b` uses `a`) means neither module can be read, tested or moved without
//! the other: two rooms that are really one. This test reads `src/` with `syn`, resolves every
//! path that names an item of this crate (in `use` declarations, in code and in macro
//! invocations) to the module that *defines* that item, following re-exports, and fails naming
//! each strongly connected set of modules.
//!
//! What counts as an edge: module `a` names an item defined in module `b`. A parent's
//! `pub use child::Item` is the module tree's public surface, not a dependency, and is not an
//! edge; a module's `#[cfg(test)]` code is left out (its tests may use anything).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module, as its path from the crate root (`["doudizhu", "classify"]`).
type ModPath = Vec<String>;

/// What one module holds.
#[derive(Default)]
struct Module {
    /// Items defined here, by name.
    defined: BTreeSet<String>,
    /// Child modules, by name.
    children: BTreeSet<String>,
    /// Names brought in by `use` (public or not): name -> absolute path it stands for.
    imports: BTreeMap<String, Vec<String>>,
    /// `use path::*` targets, as absolute paths.
    globs: Vec<Vec<String>>,
    /// Every crate path this module's code names (absolute, unresolved), with whether it was
    /// written as a `pub use` (surface, not a dependency).
    references: Vec<(Vec<String>, bool)>,
    /// The source file, for messages.
    file: PathBuf,
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .meta
                .require_list()
                .is_ok_and(|list| list.tokens.to_string().contains("test"))
    })
}

/// Makes `path` (as written in module `at`) absolute from the crate root, if it starts with
/// `crate`, `super` or `self`, or with a name `at` imports.
fn absolute(
    at: &[String],
    path: &[String],
    imports: &BTreeMap<String, Vec<String>>,
    children: &BTreeSet<String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => at.to_vec(),
        "super" => {
            let mut base = at.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            return Some(base);
        }
        name if children.contains(name) => {
            // A child module, named relative to this one (uniform paths).
            let mut full = at.to_vec();
            full.extend(path.iter().cloned());
            return Some(full);
        }
        name => {
            let target = imports.get(name)?;
            let mut full = target.clone();
            full.extend(path[1..].iter().cloned());
            return Some(full);
        }
    };
    base.extend(path[1..].iter().cloned());
    Some(base)
}

/// Collects the items, imports and references of one file.
struct Reader<'a> {
    at: ModPath,
    module: &'a mut Module,
    /// Paths seen in code before the file's imports are all known: resolved at the end.
    raw: Vec<(Vec<String>, bool)>,
    /// `use name::*` with a relative first segment: resolved at the end.
    relative_globs: Vec<Vec<String>>,
}

impl Reader<'_> {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, public: bool) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree, public);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                let (path, bound) = if name == "self" {
                    (prefix.clone(), prefix.last().cloned())
                } else {
                    let mut path = prefix.clone();
                    path.push(name.clone());
                    (path, Some(name))
                };
                self.import(path, bound, public);
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                path.push(r.ident.to_string());
                self.import(path, Some(r.rename.to_string()), public);
            }
            syn::UseTree::Glob(_) => {
                match absolute(&self.at, prefix, &BTreeMap::new(), &BTreeSet::new()) {
                    Some(abs) => {
                        self.module.globs.push(abs.clone());
                        self.module.references.push((abs, public));
                    }
                    None => self.relative_globs.push(prefix.clone()),
                }
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree, public);
                }
            }
        }
    }

    fn import(&mut self, path: Vec<String>, bound: Option<String>, public: bool) {
        // `use` paths are relative to the crate root only through crate/super/self (2018+);
        // others name external crates, or a name imported earlier (resolved later).
        let Some(abs) = absolute(&self.at, &path, &BTreeMap::new(), &BTreeSet::new()) else {
            if let Some(bound) = bound {
                // Perhaps `use wire::Names` after `use super::wire`: keep it relative for now.
                self.raw.push((path.clone(), public));
                self.module
                    .imports
                    .entry(bound)
                    .or_insert_with(|| vec!["<relative>".into()].into_iter().chain(path).collect());
            }
            return;
        };
        if let Some(bound) = bound {
            self.module.imports.insert(bound, abs.clone());
        }
        self.module.references.push((abs, public));
    }

    fn path(&mut self, path: &syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if !segments.is_empty() {
            self.raw.push((segments, false));
        }
    }

    /// Paths inside a macro invocation's tokens: `crate :: a :: b`, `super :: x`, `self :: y`.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let flat: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < flat.len() {
            match &flat[i] {
                proc_macro2::TokenTree::Group(g) => self.tokens(g.stream()),
                proc_macro2::TokenTree::Ident(id)
                    if ["crate", "super", "self"].contains(&id.to_string().as_str()) =>
                {
                    let mut segments = vec![id.to_string()];
                    let mut j = i + 1;
                    while j + 2 < flat.len() + 1 {
                        let colons = matches!(
                            (&flat.get(j), &flat.get(j + 1)),
                            (Some(proc_macro2::TokenTree::Punct(a)), Some(proc_macro2::TokenTree::Punct(b)))
                                if a.as_char() == ':' && b.as_char() == ':'
                        );
                        match (colons, flat.get(j + 2)) {
                            (true, Some(proc_macro2::TokenTree::Ident(next))) => {
                                segments.push(next.to_string());
                                j += 3;
                            }
                            _ => break,
                        }
                    }
                    if segments.len() > 1 {
                        self.raw.push((segments, false));
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Union(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if is_cfg_test(attrs) {
            return;
        }
        let name = match item {
            syn::Item::Const(i) => Some(i.ident.to_string()),
            syn::Item::Enum(i) => Some(i.ident.to_string()),
            syn::Item::Fn(i) => Some(i.sig.ident.to_string()),
            syn::Item::Macro(i) => i.ident.as_ref().map(ToString::to_string),
            syn::Item::Static(i) => Some(i.ident.to_string()),
            syn::Item::Struct(i) => Some(i.ident.to_string()),
            syn::Item::Trait(i) => Some(i.ident.to_string()),
            syn::Item::Type(i) => Some(i.ident.to_string()),
            syn::Item::Union(i) => Some(i.ident.to_string()),
            _ => None,
        };
        if let Some(name) = name {
            self.module.defined.insert(name);
        }
        match item {
            syn::Item::Use(u) => {
                let public = !matches!(u.vis, syn::Visibility::Inherited);
                self.use_tree(&mut Vec::new(), &u.tree, public);
            }
            syn::Item::Mod(m) if m.content.is_none() => {
                self.module.children.insert(m.ident.to_string());
            }
            syn::Item::Mod(m) => {
                // An inline module (generated code, say) is read as part of this one.
                self.module.defined.insert(m.ident.to_string());
                syn::visit::visit_item_mod(self, m);
            }
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_cfg_test(&f.attrs) {
            syn::visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.path(path);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.path(&mac.path);
        self.tokens(mac.tokens.clone());
    }
}

/// Reads the module at `file` (module path `at`) and its child modules' files.
fn read(at: ModPath, file: &Path, modules: &mut BTreeMap<ModPath, Module>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut module = Module {
        file: file.to_owned(),
        ..Module::default()
    };
    let mut reader = Reader {
        at: at.clone(),
        module: &mut module,
        raw: Vec::new(),
        relative_globs: Vec::new(),
    };
    reader.visit_file(&ast);
    let raw = std::mem::take(&mut reader.raw);
    let relative_globs = std::mem::take(&mut reader.relative_globs);
    // Imports written relative to a child module or to another import (`use wire::Names` after
    // `use super::wire`), now that every `mod` and `use` of the file is known. Twice: one such
    // import may name another.
    for _ in 0..2 {
        let relative: Vec<(String, Vec<String>)> = module
            .imports
            .iter()
            .filter(|(_, p)| p.first().is_some_and(|s| s == "<relative>"))
            .map(|(n, p)| (n.clone(), p[1..].to_vec()))
            .collect();
        for (name, path) in relative {
            if let Some(abs) = absolute(&at, &path, &module.imports, &module.children)
                .filter(|abs| abs.first().is_none_or(|s| s != "<relative>"))
            {
                module.imports.insert(name, abs);
            }
        }
    }
    module
        .imports
        .retain(|_, p| p.first().is_none_or(|s| s != "<relative>"));
    for prefix in relative_globs {
        if let Some(abs) = absolute(&at, &prefix, &module.imports, &module.children) {
            module.globs.push(abs);
        }
    }
    for (path, public) in raw {
        if let Some(abs) = absolute(&at, &path, &module.imports, &module.children) {
            module.references.push((abs, public));
        }
    }
    // Child modules' files: `a.rs` or `a/mod.rs` beside a `mod.rs`/`lib.rs`, else in `x/`.
    let dir = match file.file_name().and_then(|n| n.to_str()) {
        Some("mod.rs" | "lib.rs" | "main.rs") => file.parent().unwrap().to_owned(),
        _ => file.with_extension(""),
    };
    let children = module.children.clone();
    modules.insert(at.clone(), module);
    for child in children {
        let flat = dir.join(format!("{child}.rs"));
        let nested = dir.join(&child).join("mod.rs");
        let path = if flat.exists() { flat } else { nested };
        if !path.exists() {
            continue; // a module that exists only under a feature or cfg we cannot see
        }
        let mut child_at = at.clone();
        child_at.push(child);
        read(child_at, &path, modules);
    }
}

/// The module that defines the item `path` names (or the module `path` itself names), following
/// re-exports. `None` for a path outside the crate or one it cannot follow.
fn defining_module(
    modules: &BTreeMap<ModPath, Module>,
    path: &[String],
    depth: usize,
) -> Option<ModPath> {
    if depth > 32 {
        return None;
    }
    let mut at: ModPath = Vec::new();
    for (i, segment) in path.iter().enumerate() {
        let module = modules.get(&at)?;
        if module.children.contains(segment) {
            at.push(segment.clone());
            continue;
        }
        if module.defined.contains(segment) {
            return Some(at);
        }
        if let Some(target) = module.imports.get(segment) {
            let mut full = target.clone();
            full.extend(path[i + 1..].iter().cloned());
            return defining_module(modules, &full, depth + 1);
        }
        for glob in &module.globs {
            let mut full = glob.clone();
            full.extend(path[i..].iter().cloned());
            if let Some(found) = defining_module(modules, &full, depth + 1) {
                return Some(found);
            }
        }
        return None;
    }
    Some(at)
}

/// Tarjan's strongly connected components of size > 1.
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct State<'g> {
        graph: &'g BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'g ModPath, usize>,
        low: BTreeMap<&'g ModPath, usize>,
        stack: Vec<&'g ModPath>,
        on_stack: BTreeSet<&'g ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g ModPath) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[w].min(s.low[v]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.index[w].min(s.low[v]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

/// The module graph of `src/lib.rs`: each module and the modules whose items it names.
fn module_graph(
    root: &Path,
) -> (
    BTreeMap<ModPath, Module>,
    BTreeMap<ModPath, BTreeSet<ModPath>>,
) {
    let mut modules = BTreeMap::new();
    read(Vec::new(), &root.join("lib.rs"), &mut modules);
    let mut graph: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (at, module) in &modules {
        let edges = graph.entry(at.clone()).or_default();
        for (path, public) in &module.references {
            if *public {
                continue;
            }
            if let Some(target) = defining_module(&modules, path, 0) {
                // Naming a module's own descendants (its rooms) or itself is not a dependency
                // back; a child naming its ancestors' items is.
                if !target.starts_with(at) {
                    edges.insert(target);
                }
            }
        }
    }
    (modules, graph)
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

#[test]
fn no_module_imports_itself_through_others() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (modules, graph) = module_graph(&root);
    assert!(
        modules.len() > 20,
        "read only {} modules: the reader is broken",
        modules.len()
    );
    let found = cycles(&graph);
    let report: Vec<String> = found
        .iter()
        .map(|component| {
            let members: Vec<String> = component
                .iter()
                .map(|m| {
                    let uses: Vec<String> = graph[m]
                        .iter()
                        .filter(|t| component.contains(t))
                        .map(name)
                        .collect();
                    format!(
                        "  {} ({}) uses {}",
                        name(m),
                        modules[m].file.strip_prefix(&root).unwrap().display(),
                        uses.join(", ")
                    )
                })
                .collect();
            members.join("\n")
        })
        .collect();
    assert!(
        found.is_empty(),
        "import cycles in src/:\n{}",
        report.join("\n\n")
    );
}

/// The checker itself finds a cycle, and only a real one.
#[test]
fn the_checker_sees_a_cycle_and_a_clean_tree() {
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "pub mod a;\npub mod b;\npub use a::Thing;\n",
    )
    .unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod inner;\npub use inner::Thing;\n").unwrap();
    std::fs::write(
        src.join("a/inner.rs"),
        "pub struct Thing;\npub fn f() { crate::b::g(); }\n",
    )
    .unwrap();
    std::fs::write(src.join("b.rs"), "pub fn g() {}\n").unwrap();
    let (_, graph) = module_graph(&src);
    assert!(cycles(&graph).is_empty(), "{graph:?}");

    // b now uses Thing through the root's re-export: a::inner <-> b.
    std::fs::write(
        src.join("b.rs"),
        "use crate::Thing;\npub fn g() { let _ = Thing; }\n",
    )
    .unwrap();
    let (_, graph) = module_graph(&src);
    let found = cycles(&graph);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        found,
        vec![vec![
            vec!["a".to_string(), "inner".to_string()],
            vec!["b".to_string()]
        ]]
    );
}
