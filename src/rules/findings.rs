//! Where a rule puts its findings. A flood (a generated schema with a hundred thousand
//! empty ranges) made every finding before the per-rule cap dropped all but a hundred, so
//! memory followed the flood: at most [`MADE`] findings of one rule are kept per file and
//! tool, the rest are counted and stand as one finding saying how many. The cap that shows
//! a hundred (`engine::cap`) still applies after the baseline and suppressions.

use crate::diagnostic::{Diagnostic, Label};
use crate::source::FileId;
use fnv::FnvHashMap;

/// Findings of one rule kept per file and tool; ten times what is shown, so suppressions
/// and the baseline still meet every finding of a file that is not a flood.
pub const MADE: usize = 1_000;

/// Per tool of a file: findings met, and the position in `over` of their summary once there
/// is one.
type PerTool = FnvHashMap<Option<String>, (usize, Option<usize>)>;

#[derive(Default)]
pub struct Findings {
    kept: Vec<Diagnostic>,
    met: FnvHashMap<FileId, PerTool>,
    /// One finding per file and tool past [`MADE`], standing for the rest.
    over: Vec<Diagnostic>,
}

impl Findings {
    pub fn push(&mut self, d: Diagnostic) {
        let per_tool = self.met.entry(d.primary.span.file).or_default();
        let (met, summary) = match per_tool.get_mut(&d.tool) {
            Some(entry) => entry,
            None => per_tool.entry(d.tool.clone()).or_insert((0, None)),
        };
        *met += 1;
        if *met <= MADE {
            self.kept.push(d);
            return;
        }
        match summary {
            Some(i) => self.over[*i].unmade += 1,
            None => {
                *summary = Some(self.over.len());
                self.over.push(unmade(d));
            }
        }
    }

    /// The findings kept, then one per file and tool standing for those past the limit.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        let mut all = self.kept;
        all.extend(self.over.into_iter().map(|mut d| {
            d.message = format!(
                "{} more {} findings{} in this file were counted, not made (at most {MADE} \
                 per rule, file and tool are)",
                d.unmade,
                d.code,
                d.tool
                    .as_ref()
                    .map_or(String::new(), |t| format!(" for `{t}`")),
            );
            d
        }));
        all
    }
}

/// The finding that stands for those past the limit, at the first of them.
fn unmade(first: Diagnostic) -> Diagnostic {
    let mut d = Diagnostic::new(
        first.code,
        String::new(),
        Label::new(first.primary.span, "the first finding not made"),
    );
    d.tool = first.tool;
    d.unmade = 1;
    d.help = Some(
        "fix the findings shown first, or exclude the file if it is generated \
         (`exclude` in contractlint.toml)"
            .into(),
    );
    d
}
