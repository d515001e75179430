//! The JSON side of a group, read so that memory follows the largest file, not the tree.
//!
//! A document stays parsed past its own extraction only when some `$ref` may point into it
//! from elsewhere. Those are found first: a byte scan picks the files that may hold a `$ref`
//! to another file (most refs are `#/$defs/...`), only those are parsed, their targets
//! collected, and their trees dropped. The targets are then parsed and kept; every other
//! file is parsed, read into declarations and dropped, in parallel.

use crate::contract::{DuplicateKey, ToolDecl};
use crate::extract::json::{JsonError, JsonNode};
use crate::extract::page::PageTool;
use crate::extract::schema::{self, JsonDocs};
use crate::extract::suppress::Suppression;
use crate::extract::{self, Unreadable, manifest};
use crate::link::SchemaCandidate;
use crate::source::{FileId, SourceMap};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// What the JSON files (and the schemas of page tools) declare.
#[derive(Default)]
pub struct JsonFacts {
    /// Tools of manifests in file order, then page tools.
    pub decls: Vec<ToolDecl>,
    pub candidates: Vec<SchemaCandidate>,
    pub duplicate_keys: Vec<DuplicateKey>,
    pub suppressions: Vec<Suppression>,
    pub unreadable: Vec<Unreadable>,
    /// Some document is a tool manifest or a schema.
    pub declares_tools: bool,
}

/// Where the files are: each JSON file's path as walked and `cwd` to make it absolute;
/// `root` is the directory no `$ref` may leave.
pub struct Paths<'a> {
    pub cwd: &'a Path,
    pub root: &'a Path,
}

/// Read `files` (JSON, with texts in `sources`) and the page tools' schemas.
pub fn extract(
    sources: &SourceMap,
    files: &[(FileId, PathBuf)],
    pages: &[PageTool],
    at: Paths<'_>,
) -> JsonFacts {
    let absolute: HashMap<FileId, PathBuf> =
        files.iter().map(|(id, p)| (*id, at.cwd.join(p))).collect();
    let parse = |id: FileId| manifest::parse(id, &sources.get(id).text);

    // The files some `$ref` may lead into, from any file or page schema.
    let mut targets: HashSet<PathBuf> = files
        .par_iter()
        .filter(|(id, _)| may_refer_elsewhere(&sources.get(*id).text))
        .map(|(id, _)| {
            let mut out = HashSet::new();
            if let Ok(Some(doc)) = parse(*id) {
                schema::referenced_files(&absolute, at.root, *id, &doc, &mut out);
            }
            out
        })
        .reduce(HashSet::new, |mut a, b| {
            a.extend(b);
            a
        });
    for n in pages.iter().filter_map(|t| t.schema.as_ref()) {
        schema::referenced_files(&absolute, at.root, n.span.file, n, &mut targets);
    }
    let normalized: HashMap<FileId, PathBuf> = absolute
        .iter()
        .map(|(id, p)| (*id, schema::normalize(p)))
        .collect();
    let kept: HashMap<FileId, Result<Option<JsonNode>, JsonError>> = files
        .par_iter()
        .filter(|(id, _)| targets.contains(&normalized[id]))
        .map(|(id, _)| (*id, parse(*id)))
        .collect();
    let docs = JsonDocs {
        root: at.root,
        by_path: kept
            .iter()
            .filter_map(|(id, r)| Some((normalized[id].clone(), (*id, r.as_ref().ok()?.as_ref()?))))
            .collect(),
        paths: absolute,
    };

    let per_file: Vec<JsonFacts> = files
        .par_iter()
        .map(|(id, path)| {
            // A kept target's parse (or its error, reported here once), else a fresh one.
            let parsed;
            let doc = match kept.get(id) {
                Some(r) => r.as_ref(),
                None => {
                    parsed = parse(*id);
                    parsed.as_ref()
                }
            };
            match doc {
                Ok(Some(doc)) => read_file(&docs, *id, &docs.paths[id], path, doc),
                Ok(None) => JsonFacts::default(),
                Err(e) => JsonFacts {
                    unreadable: vec![Unreadable {
                        span: e.span,
                        message: e.message.clone(),
                    }],
                    ..JsonFacts::default()
                },
            }
        })
        .collect();
    let mut out = JsonFacts::default();
    for f in per_file {
        out.decls.extend(f.decls);
        out.candidates.extend(f.candidates);
        out.duplicate_keys.extend(f.duplicate_keys);
        out.suppressions.extend(f.suppressions);
        out.unreadable.extend(f.unreadable);
        out.declares_tools |= f.declares_tools;
    }
    out.decls.extend(pages.iter().map(|t| page_decl(&docs, t)));
    out
}

/// One parsed document's tools or schema, duplicate keys and suppressions.
fn read_file(
    docs: &JsonDocs<'_>,
    id: FileId,
    absolute: &Path,
    path: &Path,
    doc: &JsonNode,
) -> JsonFacts {
    let mut out = JsonFacts::default();
    extract::suppress::from_json(doc, &mut out.suppressions);
    match manifest::shape(doc) {
        manifest::Shape::Tools(tools) => {
            out.decls = tools
                .into_iter()
                .filter_map(|t| manifest::tool_from_object(docs, id, t))
                .collect();
        }
        manifest::Shape::Schema => {
            let names = manifest::schema_file_names(path, doc);
            let file_name = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            let conventional =
                file_name.ends_with(".schema.json") || file_name.ends_with(".input.json");
            let decl = manifest::tool_from_schema_file(docs, id, doc, names[0].clone());
            out.candidates.push(SchemaCandidate {
                path: absolute.to_path_buf(),
                names,
                conventional,
                decl,
            });
        }
        manifest::Shape::Other => return out,
    }
    out.declares_tools = true;
    out.duplicate_keys = doc
        .duplicate_keys()
        .into_iter()
        .map(|(first, repeated)| DuplicateKey {
            key: repeated.key.clone(),
            first: first.key_span,
            repeated: repeated.key_span,
        })
        .collect();
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
