use super::Rule;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// E001: a file could not be read or parsed; the rest of the tree is still linted.
pub struct UnreadableFile;

impl Rule for UnreadableFile {
    fn code(&self) -> &'static str {
        "E001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for u in &project.unreadable {
            out.push(
                Diagnostic::new(self.code(), u.message.clone(), Label::new(u.span, "here"))
                    .help("fix or exclude the file (`exclude` in contractlint.toml); the other files were still linted"),
            );
        }
    }
}
