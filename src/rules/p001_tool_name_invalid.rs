use super::Rule;
use crate::contract::{Origin, Project, ToolDecl};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P001: an MCP tool name outside what the specification says names should be (1 to 128
/// characters of ASCII letters, digits, `_`, `-`, `.`), or one name listed twice in one tools
/// list: clients and proxies that hold names to that rule drop or rename the tool.
pub struct ToolNameInvalid;

/// What is wrong with a tool name by the rule MCP (2026-07-28, "Tool Names") recommends and
/// WebMCP's `registerTool()` enforces; `None` when nothing is.
pub(super) fn name_problem(name: &str) -> Option<String> {
    let len = name.chars().count();
    if len == 0 {
        return Some("is empty".into());
    }
    if len > 128 {
        return Some(format!("is {len} characters long, more than 128"));
    }
    let mut bad: Vec<char> = name
        .chars()
        .filter(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .collect();
    bad.dedup();
    bad.sort_unstable();
    bad.dedup();
    if bad.is_empty() {
        return None;
    }
    let shown: Vec<String> = bad
        .iter()
        .map(|c| match c {
            ' ' => "a space".to_string(),
            c => format!("`{c}`"),
        })
        .collect();
    Some(format!("contains {}", shown.join(", ")))
}

/// Published to MCP clients by its name: not a page (P005's) and not a schema file (named
/// by its file, not published).
fn mcp_published(d: &ToolDecl) -> bool {
    !matches!(
        d.origin,
        Origin::PageScript | Origin::PageForm | Origin::SchemaFile
    )
}

impl Rule for ToolNameInvalid {
    fn code(&self) -> &'static str {
        "P001"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for c in &project.contracts {
            let published: Vec<&ToolDecl> = c.decls.iter().filter(|d| mcp_published(d)).collect();
            if let (Some(first), Some(problem)) = (published.first(), name_problem(&c.name)) {
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!(
                            "tool name `{}` {problem}: MCP tool names should be 1 to 128 ASCII letters, digits, `_`, `-` or `.`",
                            c.name
                        ),
                        Label::new(first.name_span, "this name is published to clients"),
                    )
                    .tool(&c.name)
                    .help("rename the tool with letters, digits, `_`, `-` and `.` only (e.g. `get_weather`), and update every caller"),
                );
            }
            // Twice in one tools list: the same file, both entries of a manifest.
            let listed: Vec<&&ToolDecl> = published
                .iter()
                .filter(|d| d.origin == Origin::Manifest)
                .collect();
            for (i, d) in listed.iter().enumerate() {
                if let Some(earlier) = listed[..i]
                    .iter()
                    .find(|e| e.name_span.file == d.name_span.file)
                {
                    out.push(
                        Diagnostic::new(
                            self.code(),
                            format!(
                                "tool `{}` is listed twice in one tools list: MCP tool names should be unique within a server",
                                c.name
                            ),
                            Label::new(d.name_span, "listed again here"),
                        )
                        .tool(&c.name)
                        .related(Label::new(earlier.name_span, "first listed here"))
                        .help("keep one entry per tool name, or give the second tool a name of its own"),
                    );
                }
            }
        }
    }
}
