//! Claims resolved to the properties they are about. The description reader read each text
//! once, when its declaration was made ([`Reading`]); here each claim gets its subject from
//! the properties of the object the text belongs to.
//!
//! A claim in a property's own description is about that property, unless its sentence
//! names another property first. A claim in the tool description is about the property
//! named closest before it in the same sentence — by exact name (`partySize`,
//! `party_size`), in backticks, or in words ("party size") — and is dropped when no
//! property is named: "returns the top 10 results" bounds nothing.

mod subject;

use crate::contract::{
    Claim, ClaimKind, Contract, DeclClaims, ReadSentence, Reading, SchemaNode, Subject, SubjectAt,
    ToolDecl, Unit, Unresolved, Word, WordText, name_unit, names_limit, near_miss, norm, words,
};
use crate::source::Span;
use std::collections::{BTreeSet, HashMap};
use subject::{Listed, Mention};

/// A claim with its subject (`None`: the tool).
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub kind: ClaimKind,
    pub subject: Option<String>,
    pub span: Span,
}

/// The claims of one read text. `own` is the property it describes (`None` for a tool
/// description); `properties` are the names a sentence may mention.
pub fn resolve(reading: &Reading, own: Option<&str>, properties: &[&str]) -> Vec<Found> {
    subjects(reading, own, &Names::new(properties))
        .into_iter()
        .map(|(subject, u)| Found {
            kind: u.kind.clone(),
            subject: subject.map(str::to_string),
            span: u.span,
        })
        .collect()
}

/// Every contract's claims, one [`DeclClaims`] per declaration.
pub fn link(contract: &mut Contract) {
    contract.claims = contract
        .decls
        .iter()
        .enumerate()
        .map(|(i, d)| decl_claims(d, i))
        .collect();
    // The readings are read into claims once; nothing after linking reads them, and they
    // are the largest part of a declaration.
    for d in &mut contract.decls {
        d.readings = Vec::new();
    }
}

/// Each claim of a text with whom it is about, in the order read.
fn subjects<'r, 'a>(
    reading: &'r Reading,
    own: Option<&'a str>,
    names: &Names<'a>,
) -> Vec<(Option<&'a str>, &'r Unresolved)> {
    let mut out = Vec::new();
    // Properties the text names as alternatives of a requirement.
    let mut either: BTreeSet<&'a str> = BTreeSet::new();
    for ReadSentence { words, claims } in &reading.sentences {
        let mentions = mentions(words, names);
        for p in claims {
            // "Requires `sku` and `quantity`": about each property listed after the claim.
            if p.subject_at != SubjectAt::Before {
                match subject::after(words, p, claims, &mentions) {
                    Listed::Each(listed) if !listed.is_empty() => {
                        if own.is_none_or(|o| listed == [o]) {
                            out.extend(listed.into_iter().map(|n| (Some(n), p)));
                        }
                        continue;
                    }
                    Listed::Each(_) if p.subject_at == SubjectAt::Heading => {}
                    Listed::Each(_) => continue,
                    Listed::Alternatives(names) => {
                        if p.kind == ClaimKind::Required {
                            either.extend(names);
                        }
                        continue;
                    }
                }
            }
            let effect = matches!(
                p.kind,
                ClaimKind::ReadOnly
                    | ClaimKind::Writes(_)
                    | ClaimKind::Destroys(_)
                    | ClaimKind::Parameter(_)
            );
            // A bare identifier names a parameter only as a near miss of a property's name.
            if let ClaimKind::Parameter(name) = &p.kind
                && p.bare
                && !names.near_missed(name)
            {
                continue;
            }
            if effect {
                if own.is_none() || matches!(p.kind, ClaimKind::Parameter(_)) {
                    out.push((None, p));
                }
                continue;
            }
            // In a property's own text the number counts that property, whatever noun.
            let counted = own
                .is_none()
                .then(|| subject::counted(words, p, &mentions))
                .flatten();
            let noun = own
                .is_none()
                .then(|| subject::counted_noun(p, &mentions, &names.words))
                .flatten();
            let named: Vec<&'a str> = match subject::attributive(words, p, &mentions) {
                // "at most 6 seats": the noun the number counts.
                _ if counted.is_some() => counted.into_iter().collect(),
                // "up to 25,000 rows": `row_limit`, or no property.
                _ if noun.is_some() => match noun.flatten() {
                    Some(n) => vec![n],
                    None => continue,
                },
                // "an integer quantity": about the noun after the type word.
                subject::Noun::Property(m) => vec![m.name],
                // "an integer count": about something that is no property.
                subject::Noun::Other if own.is_none() => continue,
                subject::Noun::Term => continue,
                subject::Noun::Other | subject::Noun::None => {
                    match subject::before(words, p, &mentions) {
                        Listed::Each(names) => names,
                        // Alternatives ("sku or barcode is required"): about neither.
                        Listed::Alternatives(names) => {
                            if p.kind == ClaimKind::Required {
                                either.extend(names);
                            }
                            continue;
                        }
                    }
                }
            };
            // A bound in a unit that only one property is measured in is about it.
            let named = match (&p.kind, named.is_empty(), own) {
                (ClaimKind::Range { unit: Some(u), .. }, true, None) => {
                    let mut in_unit = names.units.iter().filter(|(v, _)| v == u);
                    match (in_unit.next(), in_unit.next()) {
                        (Some((_, n)), None) => vec![*n],
                        _ => named,
                    }
                }
                _ => named,
            };
            match (own, named.as_slice()) {
                // A property's description talking about another property.
                (Some(o), [n, ..]) if named.len() > 1 || *n != o => continue,
                (_, [_, ..]) => out.extend(named.into_iter().map(|n| (Some(n), p))),
                // "Bound to `payload_max_bytes` (default 64 KiB)": a claim in parentheses right
                // after an identifier that names no property is that identifier's.
                (Some(_), []) if about_other_identifier(words, p, &mentions) => continue,
                (Some(o), []) => out.push((Some(o), p)),
                (None, []) => continue,
            }
        }
    }
    explicit_ranges_win(&mut out);
    // "Requires a sku … Either `sku` or `barcode` is required": a text that makes a property
    // one of alternatives does not require it.
    out.retain(|(s, u)| u.kind != ClaimKind::Required || s.is_none_or(|s| !either.contains(s)));
    out
}

/// Whether the claim opens a parenthesis written right after an identifier in backticks
/// that is no property's name.
fn about_other_identifier(words: &[Word], p: &Unresolved, mentions: &[Mention]) -> bool {
    let Some(k) = p.first.checked_sub(2) else {
        return false;
    };
    matches!(words[k].text, WordText::Code(_))
        && words[k + 1].text == WordText::Other
        && !mentions.iter().any(|m| m.start <= k && k < m.end)
}

/// A bound read from a sign word ("positive", "non-negative", "zero or more") is dropped
/// when the same text states the property's range in numbers: "Lag (positive = y leads x).
/// Range: 0..60." bounds the lag by the numbers, and the sign word said something else.
fn explicit_ranges_win(found: &mut Vec<(Option<&str>, &Unresolved)>) {
    let stated: Vec<Option<&str>> = found
        .iter()
        .filter(|(_, u)| matches!(u.kind, ClaimKind::Range { .. }) && u.numeric)
        .map(|(s, _)| *s)
        .collect();
    found.retain(|(s, u)| {
        !matches!(u.kind, ClaimKind::Range { .. }) || u.numeric || !stated.contains(s)
    });
}

/// Content words of a name, without min/max prefixes and a unit suffix.
fn content_words(name: &str) -> Vec<String> {
    let mut w = words(name);
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
    /// Names by their first word: the only ones a name can be a near miss of.
    by_first: HashMap<String, Vec<&'a str>>,
}

impl<'a> Names<'a> {
    /// Whether `name` is no property's but a near miss of one ([`near_miss`]).
    fn near_missed(&self, name: &str) -> bool {
        let first = words(name).into_iter().next().unwrap_or_default();
        !self.by_norm.contains_key(&norm(name))
            && self
                .by_first
                .get(&first)
                .is_some_and(|names| names.iter().any(|p| near_miss(name, p)))
    }

    fn new(properties: &[&'a str]) -> Self {
        let mut by_norm: HashMap<String, Vec<(usize, &'a str)>> = HashMap::new();
        let mut phrases: HashMap<String, Vec<Phrase<'a>>> = HashMap::new();
        for (i, &p) in properties.iter().enumerate() {
            by_norm.entry(norm(p)).or_default().push((i, p));
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
        let words: Vec<(&'a str, Vec<String>)> =
            properties.iter().map(|&p| (p, words(p))).collect();
        let mut by_first: HashMap<String, Vec<&'a str>> = HashMap::new();
        for (p, w) in &words {
            if let Some(first) = w.first() {
                by_first.entry(first.clone()).or_default().push(p);
            }
        }
        Names {
            by_norm,
            phrases,
            units,
            words,
            by_first,
        }
    }
}

/// Where each property is named in a sentence, in the order of the properties, then of the
/// sentence.
fn mentions<'a>(sentence: &[crate::contract::Word], names: &Names<'a>) -> Vec<Mention<'a>> {
    let mut found: BTreeSet<(usize, usize, usize, &'a str)> = BTreeSet::new();
    for (i, t) in sentence.iter().enumerate() {
        let exact: &[(usize, &str)] = match &t.text {
            WordText::Code(c) | WordText::Word { orig: c, .. } => {
                names.by_norm.get(&norm(c)).map_or(&[], Vec::as_slice)
            }
            WordText::Other => &[],
        };
        for &(k, p) in exact {
            let named = match &t.text {
                WordText::Word { orig, lower } => {
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
                sentence
                    .get(i + j)
                    .and_then(crate::contract::Word::word)
                    .is_some_and(|x| {
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
        .map(|(_, start, end, name)| Mention { name, start, end })
        .collect()
}

/// Every claim in a declaration's descriptions: the tool's and each property's, from the
/// readings made with the declaration. A unit in a property's name is recorded as a claim too.
fn decl_claims(decl: &ToolDecl, index: usize) -> DeclClaims {
    let mut claims = Vec::new();
    let mut readings = decl.readings.iter();
    let root = decl.schema.as_ref().map(|s| &s.root);
    let top: Vec<&str> = root
        .and_then(|r| r.object.as_ref())
        .map(|o| o.properties.iter().map(|p| p.name.as_str()).collect())
        .unwrap_or_default();
    if let Some(text) = &decl.description
        && let Some(reading) = readings.next()
    {
        debug_assert_eq!(reading.span, text.span, "read in the order of the texts");
        push(reading, None, &Names::new(&top), "", &mut claims);
        if let Some(kind) = &reading.numbers {
            claims.push(Claim {
                kind: kind.clone(),
                span: reading.span,
                subject: Subject::Tool,
            });
        }
    }
    if let Some(root) = root {
        property_claims(root, &mut readings, &mut claims);
    }
    // Grown by pushes and kept by the contract to the end of the run: no spare capacity.
    claims.shrink_to_fit();
    DeclClaims {
        decl: index,
        claims,
    }
}

fn property_claims<'r>(
    root: &SchemaNode,
    readings: &mut impl Iterator<Item = &'r Reading>,
    claims: &mut Vec<Claim>,
) {
    for (path, object) in root.objects() {
        let names: Vec<&str> = object.properties.iter().map(|p| p.name.as_str()).collect();
        let names = Names::new(&names);
        for p in &object.properties {
            let subject = || Subject::Property {
                object: path.clone(),
                name: p.name.clone(),
            };
            if let Some(u) = name_unit(&p.name) {
                claims.push(Claim {
                    kind: ClaimKind::NameUnit(u),
                    span: p.name_span,
                    subject: subject(),
                });
            }
            if names_limit(&p.name) {
                claims.push(Claim {
                    kind: ClaimKind::NameLimit,
                    span: p.name_span,
                    subject: subject(),
                });
            }
            if let Some(text) = &p.schema.description
                && let Some(reading) = readings.next()
            {
                debug_assert_eq!(reading.span, text.span, "read in the order of the texts");
                push(reading, Some(&p.name), &names, &path, claims);
                for kind in [&reading.limit, &reading.numbers].into_iter().flatten() {
                    claims.push(Claim {
                        kind: kind.clone(),
                        span: reading.span,
                        subject: subject(),
                    });
                }
            }
        }
    }
}

fn push(
    reading: &Reading,
    own: Option<&str>,
    names: &Names,
    object: &str,
    claims: &mut Vec<Claim>,
) {
    for (subject, u) in subjects(reading, own, names) {
        claims.push(Claim {
            span: u.span,
            subject: match subject {
                Some(name) => Subject::Property {
                    object: object.to_string(),
                    name: name.to_string(),
                },
                None => Subject::Tool,
            },
            kind: u.kind.clone(),
        });
    }
}
