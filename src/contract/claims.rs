//! Claims read from prose and the units they are stated in.

use super::*;
use crate::source::Span;
use serde_json::Value;

/// What a description claims about a property or the tool, as read from its prose.
/// Claims are facts: the extractor records what the words say, rules compare.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub kind: ClaimKind,
    /// The exact words in the file.
    pub span: Span,
    pub subject: Subject,
}

/// What a claim is about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    /// The tool as a whole (side effects, missing description).
    Tool,
    /// A property: the path of its object (as in [`SchemaNode::objects`]) and its name.
    Property { object: String, name: String },
}

impl Subject {
    pub fn property(&self) -> Option<(&str, &str)> {
        match self {
            Subject::Property { object, name } => Some((object, name)),
            Subject::Tool => None,
        }
    }
}

/// One end of a range stated in prose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClaimBound {
    pub value: f64,
    pub exclusive: bool,
}

/// A unit of measure named in prose or in a property name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    Millimetre,
    Centimetre,
    Metre,
    Inch,
    Kilogram,
    Gram,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Character,
    Item,
    Percent,
}

/// What a unit measures: only units of one dimension can contradict each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    Length,
    Mass,
    Time,
    Text,
    Count,
    Ratio,
}

impl Unit {
    /// The unit a word names: `mm`, `millimetres`, `seconds`, `characters`.
    pub fn from_word(word: &str) -> Option<Unit> {
        Some(match word {
            "mm" | "millimetre" | "millimetres" | "millimeter" | "millimeters" => Unit::Millimetre,
            "cm" | "centimetre" | "centimetres" | "centimeter" | "centimeters" => Unit::Centimetre,
            "m" | "metre" | "metres" | "meter" | "meters" => Unit::Metre,
            "in" | "inch" | "inches" => Unit::Inch,
            "kg" | "kilogram" | "kilograms" | "kilo" | "kilos" => Unit::Kilogram,
            "g" | "gram" | "grams" => Unit::Gram,
            "ms" | "millisecond" | "milliseconds" => Unit::Millisecond,
            "s" | "sec" | "secs" | "second" | "seconds" => Unit::Second,
            "min" | "mins" | "minute" | "minutes" => Unit::Minute,
            "h" | "hr" | "hrs" | "hour" | "hours" => Unit::Hour,
            "day" | "days" => Unit::Day,
            "character" | "characters" | "chars" | "char" | "letters" => Unit::Character,
            "item" | "items" => Unit::Item,
            "percent" | "per cent" => Unit::Percent,
            _ => return None,
        })
    }

    pub fn dimension(self) -> Dimension {
        match self {
            Unit::Millimetre | Unit::Centimetre | Unit::Metre | Unit::Inch => Dimension::Length,
            Unit::Kilogram | Unit::Gram => Dimension::Mass,
            Unit::Millisecond | Unit::Second | Unit::Minute | Unit::Hour | Unit::Day => {
                Dimension::Time
            }
            Unit::Character => Dimension::Text,
            Unit::Item => Dimension::Count,
            Unit::Percent => Dimension::Ratio,
        }
    }

    /// The size of the unit in its dimension's base (mm, g, ms); `None` for counts.
    pub fn factor(self) -> Option<f64> {
        Some(match self {
            Unit::Millimetre | Unit::Gram | Unit::Millisecond => 1.0,
            Unit::Centimetre => 10.0,
            Unit::Metre | Unit::Kilogram | Unit::Second => 1000.0,
            Unit::Inch => 25.4,
            Unit::Minute => 60_000.0,
            Unit::Hour => 3_600_000.0,
            Unit::Day => 86_400_000.0,
            Unit::Character | Unit::Item | Unit::Percent => return None,
        })
    }

    /// The unit as a reader says it: `millimetres`, `seconds`.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Millimetre => "millimetres",
            Unit::Centimetre => "centimetres",
            Unit::Metre => "metres",
            Unit::Inch => "inches",
            Unit::Kilogram => "kilograms",
            Unit::Gram => "grams",
            Unit::Millisecond => "milliseconds",
            Unit::Second => "seconds",
            Unit::Minute => "minutes",
            Unit::Hour => "hours",
            Unit::Day => "days",
            Unit::Character => "characters",
            Unit::Item => "items",
            Unit::Percent => "percent",
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Millimetre => "mm",
            Unit::Centimetre => "cm",
            Unit::Metre => "m",
            Unit::Inch => "in",
            Unit::Kilogram => "kg",
            Unit::Gram => "g",
            Unit::Millisecond => "ms",
            Unit::Second => "s",
            Unit::Minute => "min",
            Unit::Hour => "h",
            Unit::Day => "days",
            Unit::Character => "characters",
            Unit::Item => "items",
            Unit::Percent => "%",
        }
    }
}

/// What the prose says.
#[derive(Clone, Debug, PartialEq)]
pub enum ClaimKind {
    /// A bound or range: "from 1 through 5", "no more than 80 mm", "up to 200 characters".
    Range {
        min: Option<ClaimBound>,
        max: Option<ClaimBound>,
        unit: Option<Unit>,
    },
    /// "required", "must be provided".
    Required,
    /// "optional", "if omitted", "may be omitted".
    Optional,
    /// "defaults to 3", "default: false".
    Default(Value),
    /// "read-only", "does not modify", "nothing is changed".
    ReadOnly,
    /// A sentence led by a state-changing verb: "Adds", "Books", "Places an order"; the
    /// verb in the third person, as a message says it ("Hold seats" is `holds`).
    Writes(String),
    /// Words of destruction anywhere in a sentence, not negated: "overwrites an existing
    /// file", "permanently deletes". MCP's `destructiveHint: false` promises additive updates
    /// only.
    Destroys(String),
    /// "integer", "whole number", "true or false".
    Type(JsonType),
    /// "one of: a, b, c".
    Values(Vec<String>),
    /// A unit the prose measures the property in ("in millimetres", "80 mm").
    Unit(Unit),
    /// A unit in the property's own name (`maxFoldedThicknessMm`); the span is the name.
    NameUnit(Unit),
    /// A parameter named as such: "the `partySize` parameter".
    Parameter(String),
    /// How a property's description words the limit the property's value is ("no more
    /// than", "at most", "inclusive" → inclusive; "less than", "below", "strictly" →
    /// exclusive); the span is the whole description.
    LimitWording { inclusive: bool },
    /// A `max…`/`min…` property name: the limit it names is taken as inclusive; the span is
    /// the name.
    NameLimit,
    /// A description that speaks of adjusting values ("capped", "clamped", "limited to",
    /// "truncated"), with the numbers it states as written; the span is the whole text.
    CapWording { numbers: Vec<String> },
    /// The numbers a description states, as written, where it does not speak of adjusting.
    Numbers(Vec<String>),
}

/// The claims read from one declaration's descriptions; `decl` indexes [`Contract::decls`].
#[derive(Clone, Debug, PartialEq)]
pub struct DeclClaims {
    pub decl: usize,
    pub claims: Vec<Claim>,
}

/// One description as the description reader reads it, before anyone knows which properties
/// it may name: each sentence that claims something, with its words, and what the whole
/// text says. Linking names the properties the claims are about.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The text's span (the whole-text claims' span).
    pub span: Span,
    pub sentences: Vec<ReadSentence>,
    /// How the text words a limit ([`ClaimKind::LimitWording`]), read for a property's text.
    pub limit: Option<ClaimKind>,
    /// [`ClaimKind::CapWording`] or [`ClaimKind::Numbers`].
    pub numbers: Option<ClaimKind>,
}

/// A sentence with at least one claim: its words, and its claims in order.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadSentence {
    pub words: Vec<Word>,
    pub claims: Vec<Unresolved>,
}

/// One token of a sentence: as much of its text as naming a property needs, and the part
/// it plays around a claim (decided by the reader's vocabulary, so linking reads no prose).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Word {
    pub text: WordText,
    /// A word that may be a noun a type word qualifies ("an integer quantity").
    pub noun: bool,
    /// A noun that names a value or parameter itself ("flag", "value", "option").
    pub head: bool,
    /// A word that may stand between a claim and its subject ("is", "must", "both").
    pub linking: bool,
    /// A comma, "and" or "or": joins a list of subjects.
    pub joiner: bool,
    /// "the", "a", "an".
    pub article: bool,
    /// "or": the list is of alternatives.
    pub or: bool,
    /// Ends the clause of a counted noun ("at most 6 seats" then punctuation, "per", "and").
    pub clause_end: bool,
}

/// What of a token's text can name a property.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum WordText {
    /// A word: lower-cased, and as written.
    Word { lower: String, orig: String },
    /// Text in backticks.
    Code(String),
    /// A number, punctuation, a quoted string.
    #[default]
    Other,
}

impl Word {
    /// The word, lower-cased.
    pub fn word(&self) -> Option<&str> {
        match &self.text {
            WordText::Word { lower, .. } => Some(lower),
            _ => None,
        }
    }
}

/// A claim of a sentence whose subject is not resolved yet: its kind, the tokens
/// `first..=last` it covers, its words in the file, and what the reader knows of its grammar.
#[derive(Clone, Debug, PartialEq)]
pub struct Unresolved {
    pub kind: ClaimKind,
    pub first: usize,
    pub last: usize,
    pub span: Span,
    /// The words state a number (a numeric range beats one read from a sign word).
    pub numeric: bool,
    /// A type word after a copula ("is an integer", "must be a whole number"): a predicate.
    pub predicate: bool,
    /// A bound without unit whose number counts a plural noun ("up to 25,000 rows"): that
    /// noun in the singular.
    pub counts: Option<String>,
    /// Where the claim's subjects are named.
    pub subject_at: SubjectAt,
    /// A [`ClaimKind::Parameter`] read from an identifier the sentence does not call a
    /// parameter (`max_result` alone): it names one only when it is a near miss of a
    /// property's name ([`near_miss`]), an old or misspelt name.
    pub bare: bool,
}

/// Where a claim's subjects are named in its sentence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SubjectAt {
    /// Before the claim ("`sku` is required"), or nowhere: the text's own property.
    #[default]
    Before,
    /// Listed right after it: "Requires `sku` and `quantity`". With no property listed there
    /// the claim is about nothing ("Requires a token with repo scope").
    After,
    /// Listed after a heading: "Required: sku, quantity", "Optional parameters: limit". With
    /// no property listed there, as [`SubjectAt::Before`] ("Optional: defaults to 10").
    Heading,
}
