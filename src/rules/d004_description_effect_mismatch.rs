use super::Rule;
use super::claim_support::tool_claims;
use crate::contract::{ClaimKind, Project};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// D004: the prose promises no side effects while the annotations say the tool may change
/// state, the prose describes a write while `readOnlyHint` is true, or it describes
/// destroying data while `destructiveHint` is false. A description that
/// says both ("does not modify the original; writes a copy") is left alone.
pub struct DescriptionEffectMismatch;

impl Rule for DescriptionEffectMismatch {
    fn code(&self) -> &'static str {
        "D004"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for (decl, claims) in tool_claims(project) {
            let read_only = claims.iter().find(|c| c.kind == ClaimKind::ReadOnly);
            let write = claims.iter().find_map(|c| match &c.kind {
                ClaimKind::Writes(verb) => Some((c, verb)),
                _ => None,
            });
            let a = &decl.annotations;
            let tool = &decl.name;
            let destroys = claims.iter().find_map(|c| match &c.kind {
                ClaimKind::Destroys(word) => Some((c, word)),
                _ => None,
            });
            if let Some((c, word)) = destroys
                && let Some(d) = a.destructive.as_ref().filter(|d| !d.value)
                && a.read_only.as_ref().is_none_or(|r| !r.value)
            {
                out.push(
                    Diagnostic::new(
                        self.code(),
                        format!("the description of `{tool}` says it destroys existing data (\"{word}\"), but its annotations say `destructiveHint: false`, which promises additive updates only"),
                        Label::new(c.span, "the description says existing data is lost"),
                    )
                    .related(Label::new(d.span, "the annotations say the tool is not destructive"))
                    .help("set `destructiveHint: true` so that clients ask before the agent calls it, or correct the description")
                    .tool(tool),
                );
            }
            let d = match (read_only, write) {
                (Some(ro), None) => {
                    // MCP: an absent `readOnlyHint` means false and an absent
                    // `destructiveHint` means true; WebMCP's `readOnlyHint` also defaults to false.
                    let (span, says) = match (&a.read_only, &a.destructive) {
                        (Some(r), _) if r.value => continue,
                        (Some(r), _) => (r.span, "`readOnlyHint: false`".to_string()),
                        (None, Some(d)) if d.value => (d.span, "`destructiveHint: true`".to_string()),
                        (None, Some(d)) => (d.span, "no `readOnlyHint`, so the tool may change state".to_string()),
                        (None, None) => match a.idempotent.as_ref().or(a.open_world.as_ref()) {
                            Some(other) => (other.span, "no `readOnlyHint`, so the tool may change state and may be destructive".to_string()),
                            None => continue,
                        },
                    };
                    Diagnostic::new(
                        self.code(),
                        format!("the description of `{tool}` says it is read-only, but its annotations say {says}"),
                        Label::new(ro.span, "the description says the tool changes nothing"),
                    )
                    .related(Label::new(span, format!("the annotations say {says}")))
                    .help("if the tool only reads, set `\"readOnlyHint\": true`; if it changes state, say what it changes in the description")
                }
                (None, Some((w, verb))) => {
                    let Some(r) = a.read_only.as_ref().filter(|r| r.value) else {
                        continue;
                    };
                    Diagnostic::new(
                        self.code(),
                        format!("the description of `{tool}` says it {verb} something, but its annotations say `readOnlyHint: true`"),
                        Label::new(w.span, "the description describes a change of state"),
                    )
                    .related(Label::new(r.span, "the annotations say the tool changes nothing"))
                    .help("an agent may call a read-only tool without asking the user: set `\"readOnlyHint\": false` (and `destructiveHint` as appropriate), or correct the description")
                }
                _ => continue,
            };
            out.push(d.tool(tool));
        }
    }
}
