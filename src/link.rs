//! Group tool declarations into one [`Contract`] per tool name. Schema files become tool
//! inputs only when something names them: config, a tool known from another source, or the
//! `<tool>.schema.json` convention.

use crate::config::Config;
use crate::contract::{Contract, ToolDecl};
use crate::extract::schema::normalize;
use crate::source::Spanned;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A schema file that may be some tool's input; `names` are its stem and `title`.
pub struct SchemaCandidate {
    pub path: PathBuf,
    pub names: Vec<Spanned<String>>,
    /// Named `*.schema.json` / `*.input.json`: a tool schema by convention.
    pub conventional: bool,
    /// The declaration, to be renamed to the chosen name.
    pub decl: ToolDecl,
}

pub fn link(
    config: &Config,
    decls: Vec<ToolDecl>,
    candidates: Vec<SchemaCandidate>,
) -> Vec<Contract> {
    let mut by_name: BTreeMap<String, Vec<ToolDecl>> = BTreeMap::new();
    let mut known: Vec<String> = decls.iter().map(|d| d.name.clone()).collect();
    known.extend(config.tools.iter().map(|t| t.name.clone()));
    for d in decls {
        by_name.entry(d.name.clone()).or_default().push(d);
    }
    for c in candidates {
        let configured = config.tools.iter().find(|t| {
            t.schema
                .as_ref()
                .is_some_and(|s| normalize(&config.base.join(s)) == normalize(&c.path))
        });
        let chosen = match configured {
            Some(t) => c
                .names
                .first()
                .map(|n| Spanned::new(t.name.clone(), n.span)),
            None => c
                .names
                .iter()
                .find(|n| known.contains(&n.value))
                .cloned()
                .or_else(|| c.conventional.then(|| c.names[0].clone())),
        };
        if let Some(name) = chosen {
            let mut decl = c.decl;
            decl.name = name.value;
            decl.name_span = name.span;
            by_name.entry(decl.name.clone()).or_default().push(decl);
        }
    }
    by_name
        .into_iter()
        .map(|(name, mut decls)| {
            decls.sort_by_key(|d| (d.origin, d.name_span));
            Contract {
                name,
                decls,
                claims: Vec::new(),
            }
        })
        .collect()
}
