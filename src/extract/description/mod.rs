//! Claims in English descriptions: what a tool's prose promises about its properties
//! (ranges, requiredness, defaults, types, values, units) and about itself (side effects).
//!
//! A claim in a property's own description is about that property, unless its sentence
//! names another property first. A claim in the tool description is about the property
//! named closest before it in the same sentence — by exact name (`partySize`,
//! `party_size`), in backticks, or in words ("party size") — and is dropped when no
//! property is named: "returns the top 10 results" bounds nothing.

mod effects;
mod phrases;
mod ranges;
mod sentence;
mod subject;
mod tokens;
mod wording;

use crate::contract::{Claim, ClaimKind, DeclClaims, SchemaNode, Subject, Text, ToolDecl, Unit};
use crate::extract::literal::TextMap;
use crate::source::SourceMap;
use std::collections::{BTreeSet, HashMap};
use tokens::{Tok, Token};

/// A claim in a decoded text: what it says, whom it is about (`None`: the tool), where.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub kind: ClaimKind,
    pub subject: Option<String>,
    pub start: usize,
    pub end: usize,
}

/// Read one description. `own` is the property it describes (`None` for a tool
/// description); `properties` are the names a sentence may mention.
pub fn read(text: &str, own: Option<&str>, properties: &[&str]) -> Vec<Found> {
    read_with(text, own, &Names::new(properties))
}

/// [`read`] with the property names prepared once for many descriptions.
fn read_with(text: &str, own: Option<&str>, names: &Names) -> Vec<Found> {
    let tokens = tokens::tokenize(text);
    let mut out = Vec::new();
    for sentence in sentences(&tokens) {
        let mentions = mentions(sentence, names);
        for p in phrases::sentence(sentence) {
            let start = sentence[p.first].start;
            let end = sentence[p.last].end;
            let effect = matches!(
                p.kind,
                ClaimKind::ReadOnly
                    | ClaimKind::Writes(_)
                    | ClaimKind::Destroys(_)
                    | ClaimKind::Parameter(_)
            );
            let subjects = if effect {
                if own.is_some() && !matches!(p.kind, ClaimKind::Parameter(_)) {
                    continue;
                }
                vec![None]
            } else {
                // In a property's own text the number counts that property, whatever noun.
                let counted = own
                    .is_none()
                    .then(|| subject::counted(sentence, &p, &mentions))
                    .flatten();
                let noun = own
                    .is_none()
                    .then(|| subject::counted_noun(sentence, &p, &mentions, &names.words))
                    .flatten();
                let named = match subject::attributive(sentence, &p, &mentions) {
                    // "at most 6 seats": the noun the number counts.
                    _ if counted.is_some() => counted.into_iter().collect(),
                    // "up to 25,000 rows": `row_limit`, or no property.
                    _ if noun.is_some() => match noun.flatten() {
                        Some(n) => vec![n],
                        None => continue,
                    },
                    // "an integer quantity": about the noun after the type word.
                    subject::Noun::Property(m) => vec![m.name.clone()],
                    // "an integer count": about something that is no property.
                    subject::Noun::Other if own.is_none() => continue,
                    subject::Noun::Term => continue,
                    subject::Noun::Other | subject::Noun::None => {
                        match subject::before(sentence, &p, &mentions) {
                            Some(names) => names,
                            // Alternatives ("sku or barcode is required"): about neither.
                            None => continue,
                        }
                    }
                };
                // A bound in a unit that only one property is measured in is about it.
                let named = match (&p.kind, named.is_empty(), own) {
                    (ClaimKind::Range { unit: Some(u), .. }, true, None) => {
                        let mut in_unit = names.units.iter().filter(|(v, _)| v == u);
                        match (in_unit.next(), in_unit.next()) {
                            (Some((_, n)), None) => vec![n.to_string()],
                            _ => named,
                        }
                    }
                    _ => named,
                };
                match (own, named.as_slice()) {
                    // A property's description talking about another property.
                    (Some(o), [n, ..]) if named.len() > 1 || n != o => continue,
                    (_, [_, ..]) => named.into_iter().map(Some).collect(),
                    (Some(o), []) => vec![Some(o.to_string())],
                    (None, []) => continue,
                }
            };
            for subject in subjects {
                out.push(Found {
                    kind: p.kind.clone(),
                    subject,
                    start,
                    end,
                });
            }
        }
    }
    explicit_ranges_win(text, &mut out);
    out
}

/// A bound read from a sign word ("positive", "non-negative", "zero or more") is dropped
/// when the same text states the property's range in numbers: "Lag (positive = y leads x).
/// Range: 0..60." bounds the lag by the numbers, and the sign word said something else.
fn explicit_ranges_win(text: &str, found: &mut Vec<Found>) {
    let numeric = |f: &Found| text[f.start..f.end].contains(|c: char| c.is_ascii_digit());
    let stated: Vec<Option<String>> = found
        .iter()
        .filter(|f| matches!(f.kind, ClaimKind::Range { .. }) && numeric(f))
        .map(|f| f.subject.clone())
        .collect();
    found.retain(|f| {
        !matches!(f.kind, ClaimKind::Range { .. }) || numeric(f) || !stated.contains(&f.subject)
    });
}

/// Split at `.`, `!`, `?` and `;` (a decimal point is inside its number token).
fn sentences(tokens: &[Token]) -> impl Iterator<Item = &[Token]> {
    tokens
        .split(|t| matches!(t.tok, Tok::Punct('.' | '!' | '?' | ';')))
        .filter(|s| !s.is_empty())
}

/// The unit a property's name ends in (`…Mm`, `timeout_ms`, `durationSeconds`), or starts
/// with before a word placing it in time (`hoursBefore`, `daysAgo`, `minutesLeft`).
pub fn name_unit(name: &str) -> Option<Unit> {
    let words = crate::contract::words(name);
    let last = words.last()?;
    if words.len() < 2 {
        return None;
    }
    let relative = matches!(
        last.as_str(),
        "before" | "after" | "ago" | "left" | "remaining" | "until" | "since" | "ahead" | "back"
    );
    if words.len() == 2 && relative && words[0].ends_with('s') {
        return sentence::unit(&words[0]).filter(|u| u.dimension() == Unit::Second.dimension());
    }
    if matches!(last.as_str(), "m" | "g" | "s" | "h" | "in" | "min") {
        return None;
    }
    sentence::unit(last)
}

/// Content words of a name, without min/max prefixes and a unit suffix.
fn content_words(name: &str) -> Vec<String> {
    let mut w = crate::contract::words(name);
    if w.first()
        .is_some_and(|f| matches!(f.as_str(), "min" | "max" | "minimum" | "maximum"))
    {
        w.remove(0);
    }
    if w.len() > 1 && name_unit(name).is_some() {
        w.pop();
    }
    w
}

/// A property named by two or more words: (position, name, content words).
type Phrase<'a> = (usize, &'a str, Vec<String>);

/// Property names prepared once per object, so finding the ones a sentence mentions costs a
/// look-up per token rather than a scan of every property (objects can have thousands).
struct Names<'a> {
    /// Normalised name (`maxfoldedthicknessmm`) → (position, name).
    by_norm: HashMap<String, Vec<(usize, &'a str)>>,
    /// First content word → (position, name, content words), for names of two or more words.
    phrases: HashMap<String, Vec<Phrase<'a>>>,
    /// The unit each name carries (`timeoutSeconds`), for a bound in that unit no property
    /// is named for ("waits up to 30 seconds").
    units: Vec<(Unit, &'a str)>,
    /// Each name's words, for the noun a bound's number counts ("25,000 rows": `row_limit`).
    words: Vec<(&'a str, Vec<String>)>,
}

impl<'a> Names<'a> {
    fn new(properties: &[&'a str]) -> Self {
        let mut by_norm: HashMap<String, Vec<(usize, &'a str)>> = HashMap::new();
        let mut phrases: HashMap<String, Vec<Phrase<'a>>> = HashMap::new();
        for (i, &p) in properties.iter().enumerate() {
            by_norm
                .entry(crate::contract::norm(p))
                .or_default()
                .push((i, p));
            let words = content_words(p);
            if words.len() >= 2 {
                phrases
                    .entry(words[0].clone())
                    .or_default()
                    .push((i, p, words));
            }
        }
        let units = properties
            .iter()
            .filter_map(|&p| Some((name_unit(p)?, p)))
            .collect();
        let words = properties
            .iter()
            .map(|&p| (p, crate::contract::words(p)))
            .collect();
        Names {
            by_norm,
            phrases,
            units,
            words,
        }
    }
}

/// Where each property is named in a sentence, in the order of the properties, then of the
/// sentence.
fn mentions(sentence: &[Token], names: &Names) -> Vec<subject::Mention> {
    let mut found: BTreeSet<(usize, usize, usize, &str)> = BTreeSet::new();
    for (i, t) in sentence.iter().enumerate() {
        let exact: &[(usize, &str)] = match &t.tok {
            Tok::Code(c) | Tok::Word { orig: c, .. } => names
                .by_norm
                .get(&crate::contract::norm(c))
                .map_or(&[], Vec::as_slice),
            _ => &[],
        };
        for &(k, p) in exact {
            let named = match &t.tok {
                Tok::Word { orig, lower } => {
                    let simple = p.chars().all(|c| c.is_ascii_lowercase());
                    orig == p
                        || (simple && lower == p)
                        || orig.contains(['_'])
                        || orig.chars().skip(1).any(char::is_uppercase)
                }
                _ => true,
            };
            if named {
                found.insert((k, i, i + 1, p));
            }
        }
        let Some(first) = t.word() else { continue };
        for (k, p, words) in names.phrases.get(first).map_or(&[][..], Vec::as_slice) {
            let phrase = words.iter().enumerate().all(|(j, w)| {
                sentence.get(i + j).and_then(Token::word).is_some_and(|x| {
                    x == w || (j + 1 == words.len() && x.strip_suffix('s') == Some(w))
                })
            });
            if phrase {
                found.insert((*k, i, i + words.len(), p));
            }
        }
    }
    found
        .into_iter()
        .map(|(_, start, end, p)| subject::Mention {
            name: p.to_string(),
            start,
            end,
        })
        .collect()
}

/// Every claim in a declaration's descriptions: the tool's and each property's, mapped to
/// the exact bytes of the file. A unit in a property's name is recorded as a claim too.
pub fn decl_claims(sources: &SourceMap, decl: &ToolDecl, index: usize) -> DeclClaims {
    let mut claims = Vec::new();
    let root = decl.schema.as_ref().map(|s| &s.root);
    let top: Vec<&str> = root
        .and_then(|r| r.object.as_ref())
        .map(|o| o.properties.iter().map(|p| p.name.as_str()).collect())
        .unwrap_or_default();
    if let Some(text) = &decl.description {
        push(sources, text, None, &Names::new(&top), "", &mut claims);
        if let Some(kind) = wording::numbers(&text.value) {
            claims.push(Claim {
                kind,
                span: text.span,
                subject: Subject::Tool,
            });
        }
    }
    if let Some(root) = root {
        property_claims(sources, root, &mut claims);
    }
    DeclClaims {
        decl: index,
        claims,
    }
}

fn property_claims(sources: &SourceMap, root: &SchemaNode, claims: &mut Vec<Claim>) {
    for (path, object) in root.objects() {
        let names: Vec<&str> = object.properties.iter().map(|p| p.name.as_str()).collect();
        let names = Names::new(&names);
        for p in &object.properties {
            if let Some(u) = name_unit(&p.name) {
                claims.push(Claim {
                    kind: ClaimKind::NameUnit(u),
                    span: p.name_span,
                    subject: Subject::Property {
                        object: path.clone(),
                        name: p.name.clone(),
                    },
                });
            }
            let subject = || Subject::Property {
                object: path.clone(),
                name: p.name.clone(),
            };
            if wording::names_limit(&p.name) {
                claims.push(Claim {
                    kind: ClaimKind::NameLimit,
                    span: p.name_span,
                    subject: subject(),
                });
            }
            if let Some(text) = &p.schema.description {
                push(sources, text, Some(&p.name), &names, &path, claims);
                let whole = [wording::limit(&text.value), wording::numbers(&text.value)];
                for kind in whole.into_iter().flatten() {
                    claims.push(Claim {
                        kind,
                        span: text.span,
                        subject: subject(),
                    });
                }
            }
        }
    }
}

fn push(
    sources: &SourceMap,
    text: &Text,
    own: Option<&str>,
    names: &Names,
    object: &str,
    claims: &mut Vec<Claim>,
) {
    let found = read_with(&text.value, own, names);
    if found.is_empty() {
        return;
    }
    let map = TextMap::for_text(sources, text.span, &text.value);
    for f in found {
        claims.push(Claim {
            span: map.span(f.start, f.end),
            subject: match f.subject {
                Some(name) => Subject::Property {
                    object: object.to_string(),
                    name,
                },
                None => Subject::Tool,
            },
            kind: f.kind,
        });
    }
}
