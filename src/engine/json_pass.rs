//! The JSON side of a group, read so that memory follows the largest file, not the tree.
//!
//! Each file is read, parsed, read into declarations and dropped, in parallel; its text is
//! kept only when something points into it (a declaration, a suppression, an error). A
//! file whose `$ref`s may lead into another file (a byte scan says so: most refs are
//! `#/$defs/...`) is read last instead, once the files it may point into are parsed: those
//! targets, collected from the deferred files and the page tools' schemas, stay parsed
//! until then. A target whose text was dropped is read again; nothing pointed into the
//! first reading, so the second is the only one any span refers to.

use crate::contract::PageTool;
use crate::contract::SchemaCandidate;
use crate::contract::Suppression;
use crate::contract::Unreadable;
use crate::contract::{DuplicateKey, MAX_DUPLICATE_KEYS, ToolDecl};
use crate::extract::json_tree::JsonNode;
use crate::extract::schema::{self, JsonDocs};
use crate::extract::{self, manifest};
use crate::source::{FileId, Span};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the JSON files (and the schemas of page tools) declare.
#[derive(Default)]
pub struct JsonFacts {
    /// Tools of manifests in file order, then page tools.
    pub decls: Vec<ToolDecl>,
    pub candidates: Vec<SchemaCandidate>,
    pub duplicate_keys: Vec<DuplicateKey>,
    pub suppressions: Vec<Suppression>,
    pub unreadable: Vec<Unreadable>,
    /// Files that could not be read or parsed and are no contract (see
    /// [`manifest::unreadable_is_contract`]), with their normalised paths: not E001.
    pub skipped: Vec<(Unreadable, PathBuf)>,
    /// Some document is a tool manifest or a schema.
    pub declares_tools: bool,
    /// The texts something points into; every other file's text was dropped once read.
    pub texts: Vec<(FileId, Arc<str>)>,
}

impl JsonFacts {
    /// Nothing points into the file these facts came from.
    fn is_empty(&self) -> bool {
        self.decls.is_empty()
            && self.candidates.is_empty()
            && self.duplicate_keys.is_empty()
            && self.suppressions.is_empty()
            && self.unreadable.is_empty()
            && self.skipped.is_empty()
    }

    fn extend(&mut self, f: JsonFacts) {
        self.decls.extend(f.decls);
        self.candidates.extend(f.candidates);
        self.duplicate_keys.extend(f.duplicate_keys);
        self.suppressions.extend(f.suppressions);
        self.unreadable.extend(f.unreadable);
        self.skipped.extend(f.skipped);
        self.declares_tools |= f.declares_tools;
        self.texts.extend(f.texts);
    }
}

/// Where the files are: `cwd` makes each walked path absolute; `root` is the directory no
/// `$ref` may leave; files over `max_bytes` are not read (E001); `named` are the schema files
/// the configuration's `[[tool]]` entries name (normalised): contracts whatever they hold.
pub struct Paths<'a> {
    pub cwd: &'a Path,
    pub root: &'a Path,
    pub max_bytes: u64,
    pub named: &'a HashSet<PathBuf>,
    /// See [`JsonDocs::keep_written`].
    pub keep_written: bool,
}

/// A file after its first reading.
enum First {
    /// Read into facts (its text among them when they point into it).
    Done(JsonFacts),
    /// It may refer into other files: read once the files it names are parsed.
    Deferred {
        text: Arc<str>,
        targets: HashSet<PathBuf>,
    },
}

/// Read `files` (JSON, registered in the source map without text) and the page tools'
/// schemas.
pub fn extract(files: &[(FileId, PathBuf)], pages: &[PageTool], at: Paths<'_>) -> JsonFacts {
    let absolute: HashMap<FileId, PathBuf> =
        files.iter().map(|(id, p)| (*id, at.cwd.join(p))).collect();
    let alone = JsonDocs {
        root: at.root,
        by_path: HashMap::new(),
        paths: &absolute,
        by_id: HashMap::new(),
        keep_written: at.keep_written,
    };
    let first: Vec<(First, Option<String>)> = files
        .par_iter()
        .map_init(Vec::new, |buf, (id, path)| {
            let text = match crate::source::read::read_into(path, at.max_bytes, buf) {
                Ok(text) => text,
                Err(e) => {
                    let span = Span::new(*id, e.offset, e.offset);
                    // Too large to read: a scan of the whole of it tells what it is.
                    let contract = match e.text.is_empty() {
                        true => manifest::oversize_is_contract(
                            path,
                            crate::source::read::scan_for(
                                path,
                                &manifest::CONTRACT_MARKS,
                                SCAN_BYTES,
                            ),
                        ),
                        false => manifest::unreadable_is_contract(path, &e.text),
                    };
                    let failed = unreadable(span, e.message, e.text, contract, &absolute[id]);
                    return (First::Done(failed), None);
                }
            };
            let parsed = super::timings::time("json parse", || manifest::parse(*id, text));
            let Some(doc) = (match parsed {
                Ok(doc) => doc,
                Err(e) => {
                    let contract = manifest::unreadable_is_contract(path, text);
                    let text = Arc::from(text);
                    let failed = unreadable(e.span, e.message, text, contract, &absolute[id]);
                    return (First::Done(failed), None);
                }
            }) else {
                return (First::Done(JsonFacts::default()), None);
            };
            let root_id = schema::root_id(&doc);
            if may_refer_elsewhere(text) {
                let mut targets = HashSet::new();
                schema::referenced_files(&absolute, at.root, *id, &doc, &mut targets);
                let deferred = First::Deferred {
                    text: Arc::from(text),
                    targets,
                };
                return (deferred, root_id);
            }
            let mut facts =
                super::timings::time("json facts", || read_file(&alone, *id, path, &doc));
            if !facts.is_empty() {
                facts.texts.push((*id, Arc::from(text)));
            }
            (First::Done(facts), root_id)
        })
        .collect();
    let normalized: HashMap<FileId, PathBuf> = absolute
        .iter()
        .map(|(id, p)| (*id, crate::source::normalize(p)))
        .collect();
    // Files with a root `$id` stay parsed: a `$ref` anywhere may name them by it.
    let mut by_id: HashMap<String, PathBuf> = HashMap::new();
    for ((id, _), (_, root_id)) in files.iter().zip(&first) {
        if let Some(root_id) = root_id {
            by_id
                .entry(root_id.clone())
                .or_insert_with(|| normalized[id].clone());
        }
    }
    let first: Vec<First> = first.into_iter().map(|(f, _)| f).collect();

    // The files some `$ref` may lead into, from a deferred file or a page schema.
    let mut targets: HashSet<PathBuf> = HashSet::new();
    for f in &first {
        if let First::Deferred { targets: t, .. } = f {
            targets.extend(t.iter().cloned());
        }
    }
    for n in pages.iter().filter_map(|t| t.schema.as_ref()) {
        schema::referenced_files(&absolute, at.root, n.span.file, n, &mut targets);
    }
    targets.extend(by_id.values().cloned());
    // Each target parsed, with its text when it had to be read again (diagnostics may
    // point into it; the other texts are kept already).
    let kept: Vec<(FileId, JsonNode, Option<Arc<str>>)> = files
        .par_iter()
        .zip(&first)
        .filter(|((id, _), _)| targets.contains(&normalized[id]))
        .filter_map(|((id, path), f)| {
            let (text, reread) = match f {
                First::Deferred { text, .. } => (text.clone(), false),
                First::Done(facts) => match facts.texts.first() {
                    Some((_, text)) => (text.clone(), false),
                    None => (
                        crate::source::read::read_text(path, at.max_bytes).ok()?,
                        true,
                    ),
                },
            };
            let doc = manifest::parse(*id, &text).ok()??;
            Some((*id, doc, reread.then_some(text)))
        })
        .collect();
    let docs = JsonDocs {
        root: at.root,
        by_path: kept
            .iter()
            .map(|(id, doc, _)| (normalized[id].clone(), (*id, doc)))
            .collect(),
        paths: &absolute,
        by_id,
        keep_written: at.keep_written,
    };

    let per_file: Vec<JsonFacts> = files
        .par_iter()
        .zip(first)
        .map(|((id, path), f)| match f {
            First::Done(facts) => facts,
            First::Deferred { text, .. } => {
                let parsed;
                let doc = match docs.by_path.get(&normalized[id]) {
                    Some((_, doc)) => *doc,
                    None => {
                        parsed = manifest::parse(*id, &text).ok().flatten();
                        match &parsed {
                            Some(doc) => doc,
                            // Parsed before from the same text: cannot happen.
                            None => return JsonFacts::default(),
                        }
                    }
                };
                let mut facts = read_file(&docs, *id, path, doc);
                facts.texts.push((*id, text));
                facts
            }
        })
        .collect();
    let mut out = JsonFacts::default();
    for f in per_file {
        out.extend(f);
    }
    // A file a `$ref` or the configuration leads into is a contract, whatever it holds.
    let (contracts, skipped): (Vec<_>, Vec<_>) = std::mem::take(&mut out.skipped)
        .into_iter()
        .partition(|(_, p)| targets.contains(p) || at.named.contains(p));
    out.unreadable.extend(contracts.into_iter().map(|(u, _)| u));
    out.skipped = skipped;
    out.decls.extend(pages.iter().map(|t| page_decl(&docs, t)));
    drop(docs);
    out.texts.extend(
        kept.into_iter()
            .filter_map(|(id, _, text)| Some((id, text?))),
    );
    out
}

/// The largest file too large to read that is scanned to tell whether it is a contract; a
/// larger one may be, and is reported as one.
const SCAN_BYTES: u64 = 256 * 1024 * 1024;

/// A file that could not be read or parsed, at `span`, with the text that could be read: an
/// E001 when it is a contract, otherwise skipped (until a `$ref` turns out to lead into it).
fn unreadable(
    span: Span,
    message: String,
    text: Arc<str>,
    contract: bool,
    path: &Path,
) -> JsonFacts {
    let problem = Unreadable { span, message };
    let (unreadable, skipped) = match contract {
        true => (vec![problem], Vec::new()),
        false => (Vec::new(), vec![(problem, crate::source::normalize(path))]),
    };
    JsonFacts {
        unreadable,
        skipped,
        texts: vec![(span.file, text)],
        ..JsonFacts::default()
    }
}

/// One parsed document's tools or schema, duplicate keys and suppressions.
fn read_file(docs: &JsonDocs<'_>, id: FileId, path: &Path, doc: &JsonNode) -> JsonFacts {
    let mut out = JsonFacts::default();
    extract::suppress::from_json(doc, &mut out.suppressions);
    match manifest::shape(doc) {
        manifest::Shape::Tools(tools) => {
            // Sized at once: a declaration is large, and growing the vector copied them.
            out.decls = Vec::with_capacity(tools.len());
            let decls = tools.into_iter();
            out.decls
                .extend(decls.filter_map(|t| manifest::tool_from_object(docs, id, t)));
        }
        manifest::Shape::Schema => {
            let names = manifest::schema_file_names(path, doc);
            let file_name = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            let conventional =
                file_name.ends_with(".schema.json") || file_name.ends_with(".input.json");
            let decl = manifest::tool_from_schema_file(docs, id, doc, names[0].clone());
            out.candidates.push(SchemaCandidate {
                path: docs.paths[&id].clone(),
                names,
                conventional,
                decl,
            });
        }
        manifest::Shape::Other => return out,
    }
    out.declares_tools = true;
    let all = doc.duplicate_keys();
    let more = all.len().saturating_sub(MAX_DUPLICATE_KEYS);
    out.duplicate_keys = all
        .into_iter()
        .take(MAX_DUPLICATE_KEYS)
        .map(|(first, repeated)| DuplicateKey {
            key: repeated.key.clone(),
            first: first.key_span,
            repeated: repeated.key_span,
            more: 0,
        })
        .collect();
    if let Some(first) = out.duplicate_keys.first_mut() {
        first.more = more;
    }
    out
}

/// A page tool as a declaration; its schema tree is read like any JSON Schema.
fn page_decl(docs: &JsonDocs<'_>, t: &PageTool) -> ToolDecl {
    ToolDecl {
        name: t.name.value.clone(),
        name_span: t.name.span,
        origin: t.origin,
        description: t.description.clone(),
        annotations: t.annotations.clone(),
        schema: t
            .schema
            .as_ref()
            .map(|n| schema::read_schema(docs, n.span.file, n, n)),
        requests: t.requests.clone(),
        code: t.code.clone().map(Box::new),
        spec: crate::extract::spec::boxed(t.spec.clone()),
        readings: Vec::new(),
    }
}

/// Whether a JSON text may hold a `$ref` whose value does not start with `#` (a reference
/// into another file). Errs towards yes: any `\u` escape (a key can spell `$ref` escaped),
/// any `"$ref"` not followed by `: "#`.
fn may_refer_elsewhere(text: &str) -> bool {
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, b"\\u").is_some() {
        return true;
    }
    let skip_ws = |mut i: usize| {
        while bytes.get(i).is_some_and(|b| b" \t\r\n".contains(b)) {
            i += 1;
        }
        i
    };
    memchr::memmem::find_iter(bytes, b"\"$ref\"").any(|at| {
        let i = skip_ws(at + 6);
        if bytes.get(i) != Some(&b':') {
            // Not a key (a string value, or not JSON): no reference.
            return false;
        }
        let i = skip_ws(i + 1);
        !(bytes.get(i) == Some(&b'"') && bytes.get(i + 1) == Some(&b'#'))
    })
}

#[cfg(test)]
mod tests {
    use super::may_refer_elsewhere;

    #[test]
    fn only_references_into_other_files_need_a_first_look() {
        assert!(!may_refer_elsewhere(r##"{"$ref": "#/$defs/a"}"##));
        assert!(!may_refer_elsewhere(r##"{"enum": ["$ref"], "x": "$ref"}"##));
        assert!(!may_refer_elsewhere(r#"{"type": "object"}"#));
        assert!(may_refer_elsewhere(r#"{"$ref" : "common.json#/a"}"#));
        assert!(may_refer_elsewhere("{\"$ref\":\n\t\"../x.json\"}"));
        // Not a string: the reader reports it; looking costs only a parse.
        assert!(may_refer_elsewhere(r#"{"$ref": 3}"#));
        assert!(may_refer_elsewhere(r#"{"\u0024ref": "x.json"}"#));
        assert!(may_refer_elsewhere(
            r##"{"a": {"$ref": "#/x"}, "b": {"$ref": "y.json"}}"##
        ));
    }
}
