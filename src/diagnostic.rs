//! What a rule reports. Rules fill in the what and where; the engine fills in the
//! severity from the catalog and the configuration.

pub mod fingerprint;

use crate::source::Span;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    /// The class of a contract change (`diff`), from the severity its catalog entry gives it.
    pub fn change_class(self) -> &'static str {
        match self {
            Severity::Error => "breaking",
            Severity::Warning => "degrading",
            Severity::Info => "compatible",
        }
    }

    /// One step below: what a finding that [`Diagnostic::milder`] marks is reported at.
    pub fn milder(self) -> Severity {
        match self {
            Severity::Error => Severity::Warning,
            Severity::Warning | Severity::Info => Severity::Info,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        match s {
            "info" => Some(Severity::Info),
            "warning" | "warn" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

/// The model's answer to one claim a finding rests on. A finding is reported only when
/// every claim of its chain was answered; one unknown withholds it (unknown is silence).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The claim holds: the fact was read (a bound, a resolved effect, a check).
    Proved,
    /// The claim was answered "no" with complete knowledge: every place the value reaches
    /// is known and none does it. Absence findings rest on such a step.
    Disproved,
    /// The claim could not be answered: an unresolved callee, a macro, a trait object, a
    /// file that was not read.
    Unknown,
}

impl Answer {
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Proved => "proved",
            Answer::Disproved => "disproved",
            Answer::Unknown => "unknown",
        }
    }
}

/// One link of a finding's evidence chain: a claim, the model's answer, and where the
/// deciding fact was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub claim: String,
    pub answer: Answer,
    pub at: Option<Span>,
}

/// A location with what it says about the contradiction.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

impl Label {
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Label {
            span,
            message: message.into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub code: &'static str,
    /// Set by the engine from the catalog and configuration.
    pub severity: Severity,
    pub tool: Option<String>,
    /// The directory of the package (linking group) the finding was made in, set by the
    /// engine: tools of one name in two packages are two tools.
    pub package: Option<std::path::PathBuf>,
    /// The property the finding is about, for fingerprints that survive line shifts.
    pub property: Option<String>,
    pub message: String,
    /// Where the fix goes.
    pub primary: Label,
    /// The other side(s) of the contradiction.
    pub related: Vec<Label>,
    pub help: Option<String>,
    /// For a systemic finding, the per-tool findings it stands for (see
    /// `rules::systemic`); empty otherwise.
    pub members: Vec<Diagnostic>,
    /// The claims the finding rests on beyond its labels (see [`Diagnostic::evidence`]).
    pub steps: Vec<Step>,
    /// For the finding that stands for those of its rule, file and tool past the limit of
    /// findings made (`rules::findings`), how many it stands for; 0 otherwise.
    pub unmade: usize,
    /// Reported one step below its rule's level (see [`Diagnostic::milder`]).
    pub milder: bool,
    /// The cause this finding shares with others beyond its tool and place, said as the
    /// one finding that stands for all of them (see [`Diagnostic::caused_by`]).
    pub cause: Option<Box<str>>,
}

impl Diagnostic {
    pub fn new(code: &'static str, message: impl Into<String>, primary: Label) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            tool: None,
            package: None,
            property: None,
            message: message.into(),
            primary,
            related: Vec::new(),
            help: None,
            members: Vec::new(),
            steps: Vec::new(),
            unmade: 0,
            milder: false,
            cause: None,
        }
    }

    /// The finding rests on `claim`, which the model proved (at `at`).
    pub fn proved(self, claim: impl Into<String>, at: Option<Span>) -> Self {
        self.step(claim, Answer::Proved, at)
    }

    /// The finding rests on `claim` being false, which the model showed with complete
    /// knowledge (an absence claim).
    pub fn disproved(self, claim: impl Into<String>, at: Option<Span>) -> Self {
        self.step(claim, Answer::Disproved, at)
    }

    /// The finding rests on `claim`, which the model could not answer: the engine withholds
    /// it (counted by `--statistics`, listed by `-v`, never reported).
    pub fn unknown(self, claim: impl Into<String>, at: Option<Span>) -> Self {
        self.step(claim, Answer::Unknown, at)
    }

    fn step(mut self, claim: impl Into<String>, answer: Answer, at: Option<Span>) -> Self {
        self.steps.push(Step {
            claim: claim.into(),
            answer,
            at,
        });
        self
    }

    /// Whether some claim of the chain is unknown: such a finding is withheld.
    pub fn is_unknown(&self) -> bool {
        self.steps.iter().any(|s| s.answer == Answer::Unknown)
    }

    /// The evidence chain: each located fact the finding compares (its labels, proved by
    /// being read there), then the claims the rule answered about the code.
    pub fn evidence(&self) -> impl Iterator<Item = Step> + '_ {
        std::iter::once(&self.primary)
            .chain(&self.related)
            .map(|l| Step {
                claim: l.message.clone(),
                answer: Answer::Proved,
                at: Some(l.span),
            })
            .chain(self.steps.iter().cloned())
    }

    pub fn tool(mut self, tool: impl Into<String>) -> Self {
        self.tool = Some(tool.into());
        self
    }

    /// This finding and the findings it stands for, as made in the package at `dir`.
    pub fn in_package(&mut self, dir: &std::path::Path) {
        self.package = Some(dir.to_path_buf());
        for m in &mut self.members {
            m.in_package(dir);
        }
    }

    pub fn property(mut self, property: impl Into<String>) -> Self {
        self.property = Some(property.into());
        self
    }

    pub fn related(mut self, label: Label) -> Self {
        self.related.push(label);
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The finding is one place of a cause shared beyond its tool, `said` in full (a derive
    /// that writes the same keyword into every schema): grouping reports every place of one
    /// cause in a package as one finding with that message (`rules::systemic`).
    pub fn caused_by(mut self, said: impl Into<String>) -> Self {
        self.cause = Some(said.into().into_boxed_str());
        self
    }

    /// Report one step below the rule's level: the code turns away, explicitly, what the
    /// schema leaves open (a hand-checked set of values, a non-empty list). The schema says
    /// less than the code, but nothing fails silently (`reference/real-world-idioms.md` 11).
    pub fn milder(mut self) -> Self {
        self.milder = true;
        self
    }
}

/// A finding silenced in the source: kept for reports that record suppressions (SARIF).
#[derive(Clone, Debug, PartialEq)]
pub struct Suppressed {
    pub diagnostic: Diagnostic,
    /// The code in the suppression that matched it.
    pub by: Span,
    pub reason: Option<String>,
}
