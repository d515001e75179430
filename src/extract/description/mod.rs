//! Claims in English descriptions: what a tool's prose promises about its properties
//! (ranges, requiredness, defaults, types, values, units) and about itself (side effects).
//!
//! Each text is read once, when its declaration is made, without knowing the schema: the
//! claims of each sentence with the words around them, each word marked with the part it
//! may play in naming a claim's subject ([`Reading`]). Linking then names the properties
//! the claims are about (`link::claims`).

mod open_sets;
mod phrases;
mod ranges;
mod roles;
mod sentence;
mod side_effects;
mod tokens;
mod wording;

use crate::contract::{ClaimKind, ReadSentence, Reading, Text, ToolDecl, Unresolved};
use crate::extract::literal::TextMap;
use crate::source::{FileId, SourceMap, Span};
use sentence::Phrase;
use tokens::{Tok, Token};

/// Every description of a declaration, read in the order linking resolves them: the tool's,
/// then each property's, object by object (as [`crate::contract::SchemaNode::objects`]).
pub fn read_decl(sources: &SourceMap, decl: &ToolDecl) -> Vec<Reading> {
    let mut out = Vec::new();
    if let Some(text) = &decl.description {
        out.push(read_text(sources, text, false));
    }
    if let Some(schema) = &decl.schema {
        for object in schema.root.object_facts() {
            let texts = object
                .properties
                .iter()
                .filter_map(|p| p.schema.description.as_ref());
            out.extend(texts.map(|t| read_text(sources, t, true)));
        }
    }
    out
}

/// One description in a file; a property's own text is also read for how it words a limit.
/// Read once per text ([`memo`]), its claims' spans then placed in the file.
fn read_text(sources: &SourceMap, text: &Text, property: bool) -> Reading {
    let mut map = None;
    let mut out = memo(&text.value, property);
    out.span = text.span;
    let claims = out.sentences.iter_mut().flat_map(|s| &mut s.claims);
    for c in claims {
        let map = map.get_or_insert_with(|| TextMap::for_text(sources, text.span, &text.value));
        c.span = map.span(c.span.start(), c.span.end());
    }
    out
}

/// Texts read on this thread, by text and whether it is a property's: a reading depends on
/// nothing else (its spans are offsets in the text, [`read`]), and servers repeat their
/// parameters' descriptions from tool to tool ("Product code.", a cursor's, a page size's),
/// where reading them was a seventh of a run's instructions (docs/performance.md, session
/// 51). Only short texts, as those are, and at most [`HELD`] of them: emptied when full.
fn memo(text: &str, property: bool) -> Reading {
    use std::cell::RefCell;
    use std::collections::HashMap;
    /// Readings by text, a tool's texts and a property's apart.
    type Memo = [HashMap<Box<str>, Reading>; 2];
    thread_local! {
        static READ: RefCell<Memo> = RefCell::default();
    }
    if text.len() > SHORT {
        return read(text, property);
    }
    READ.with_borrow_mut(|memo| {
        if let Some(r) = memo[usize::from(property)].get(text) {
            return r.clone();
        }
        let r = read(text, property);
        if memo.iter().map(HashMap::len).sum::<usize>() >= HELD {
            memo.iter_mut().for_each(HashMap::clear);
        }
        memo[usize::from(property)].insert(Box::from(text), r.clone());
        r
    })
}

/// The longest text [`memo`] keeps, in bytes.
const SHORT: usize = 512;
/// The most texts [`memo`] keeps per thread.
const HELD: usize = 1024;

/// One text on its own, its claims' spans the byte ranges in it (of file 0).
pub fn read(text: &str, property: bool) -> Reading {
    let whole = Span::new(FileId(0), 0, text.len());
    reading(text, whole, property, &mut |start, end| {
        Span::new(FileId(0), start, end)
    })
}

fn reading(
    text: &str,
    whole: Span,
    property: bool,
    span: &mut dyn FnMut(usize, usize) -> Span,
) -> Reading {
    let tokens = tokens::tokenize(text);
    // A property's own text that leaves its list open anywhere lists some of its values;
    // in a tool's text, which speaks of many properties, only that sentence's list.
    let open = property && sentences_of(&tokens).any(open_sets::opens);
    let mut sentences = Vec::new();
    for sentence in sentences_of(&tokens) {
        let open = open || open_sets::opens(sentence);
        let claims: Vec<Unresolved> = phrases::sentence(sentence, property)
            .into_iter()
            .filter(|p| !(open && matches!(p.kind, ClaimKind::Values(_))))
            .map(|p| unresolved(text, sentence, p, &mut *span))
            .collect();
        if !claims.is_empty() {
            let words = sentence.iter().map(roles::word).collect();
            sentences.push(ReadSentence { words, claims });
        }
    }
    Reading {
        span: whole,
        sentences,
        limit: property.then(|| wording::limit(text)).flatten(),
        numbers: wording::numbers(&tokens),
    }
}

/// A phrase with what its words tell about its subject.
fn unresolved(
    text: &str,
    s: &[Token],
    p: Phrase,
    span: &mut dyn FnMut(usize, usize) -> Span,
) -> Unresolved {
    let (start, end) = (s[p.first].start, s[p.last].end);
    let counts = match p.kind {
        ClaimKind::Range { unit: None, .. } => {
            let counted = p.last > 0 && matches!(s[p.last - 1].tok, Tok::Num { .. });
            s[p.last]
                .word()
                .filter(|_| counted)
                .and_then(|w| w.strip_suffix('s'))
                .map(str::to_string)
        }
        _ => None,
    };
    Unresolved {
        predicate: roles::predicate(s, &p),
        subject_at: phrases::subject_at(s, &p),
        bare: phrases::bare_name(s, &p),
        numeric: text[start..end].contains(|c: char| c.is_ascii_digit()),
        counts,
        span: span(start, end),
        first: p.first,
        last: p.last,
        kind: p.kind,
    }
}

/// Split at `.`, `!`, `?` and `;` (a decimal point is inside its number token). A `.` with a
/// word right after it is inside a name (`tar.gz`, `index.html`), not at a sentence's end.
fn sentences_of(tokens: &[Token]) -> impl Iterator<Item = &[Token]> {
    let ends = |k: usize| match tokens[k].tok {
        Tok::Punct('.') => !tokens
            .get(k + 1)
            .is_some_and(|n| n.start == tokens[k].end && matches!(n.tok, Tok::Word { .. })),
        Tok::Punct('!' | '?' | ';') => true,
        _ => false,
    };
    let mut start = 0;
    (0..=tokens.len())
        .filter_map(move |k| {
            if k < tokens.len() && !ends(k) {
                return None;
            }
            let s = &tokens[start..k];
            start = k + 1;
            Some(s)
        })
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{SourceFile, Spanned};

    /// A text read again (from [`memo`]) is read as the first time, its spans placed in its
    /// own file: here a JSON string whose escapes move every claim's bytes, in two files.
    #[test]
    fn a_text_read_again_is_read_as_the_first_time() {
        let value = "Number of \\\"items\\\", from 1 through 5. Required.";
        let decoded = "Number of \"items\", from 1 through 5. Required.";
        let mut sources = SourceMap::with_base(0);
        let texts: Vec<Text> = ["{\"d\": \"", "{\n  \"description\": \""]
            .iter()
            .enumerate()
            .map(|(i, before)| {
                let json = format!("{before}{value}\"}}");
                let path = std::path::PathBuf::from(format!("t{i}.json"));
                let file = sources.add(SourceFile::new(path, json.into()));
                let start = before.len() - 1;
                let span = Span::new(file, start, start + value.len() + 2);
                Spanned::new(decoded.to_string(), span)
            })
            .collect();
        for property in [false, true] {
            for text in texts.iter().chain(&texts) {
                let mut map = None;
                let mut span = |start, end| {
                    map.get_or_insert_with(|| TextMap::for_text(&sources, text.span, decoded))
                        .span(start, end)
                };
                let fresh = reading(decoded, text.span, property, &mut span);
                assert!(fresh.sentences.iter().any(|s| !s.claims.is_empty()));
                assert_eq!(read_text(&sources, text, property), fresh);
            }
        }
    }
}
