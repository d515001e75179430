use super::Rule;
use crate::contract::{MAX_DUPLICATE_KEYS, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// S009: a key written twice in one object of a manifest or schema. JSON leaves the meaning
/// open: serde_json and JavaScript keep the last value, other parsers the first or neither.
pub struct DuplicateKey;

impl Rule for DuplicateKey {
    fn code(&self) -> &'static str {
        "S009"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for d in &project.duplicate_keys {
            out.push(
                Diagnostic::new(
                    self.code(),
                    format!(
                        "key `{}` is written twice in one object; parsers disagree on which value holds (contractlint reads this later one)",
                        d.key
                    ),
                    Label::new(d.repeated, "written again here"),
                )
                .related(Label::new(d.first, "first written here"))
                .help("keep one of the two members and delete the other"),
            );
            if d.more > 0 {
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "{} more keys are written twice in objects of this file; only the \
                             first {MAX_DUPLICATE_KEYS} are examined",
                            d.more
                        ),
                        // At the first key, so the per-file cap never hides it.
                        Label::new(d.first, "the first of them"),
                    )
                    .help("keep one of the two members and delete the other"),
                );
            }
        }
    }
}
