//! Systemic findings, said once. When one rule reports the same cause on most of a package's
//! tools (no input type sets `deny_unknown_fields`, no schema declares its dialect), the
//! per-tool findings are one fix repeated: they become one finding for the package that lists
//! the tools as related locations. A post-processing step over the diagnostics of one linking
//! group, after suppressions (a suppressed per-tool finding is not part of any group).

use crate::config::Config;
use crate::contract::Project;
use crate::diagnostic::{Diagnostic, Label};
use std::collections::{BTreeSet, HashMap};

/// Fewer tools than this are not a pattern, whatever the share.
const MIN_TOOLS: usize = 3;

/// The cause a finding states, its tool's name taken out: findings with the same cause on
/// different tools say the same thing with a different name.
fn cause(d: &Diagnostic) -> Option<(&'static str, String, Option<String>)> {
    let tool = d.tool.as_deref()?;
    let template = d.message.replace(&format!("`{tool}`"), "\u{0}");
    Some((d.code, template, d.help.clone()))
}

/// The engine's step after the rules of one linking group: group unless the configuration
/// says `group = false`.
pub fn group(project: &Project, config: &Config, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if config.group == Some(false) {
        return diags;
    }
    let diags = by_cause(diags);
    let diags = by_share(project.contracts.len(), diags);
    by_site(project, diags)
}

/// One finding per stated cause: the findings a rule marks as places of one cause (a
/// derive writing a keyword a client rejects into every schema) are one fix, so one
/// finding with the cause's own message and every place as a related location, whatever
/// share of the tools they reach.
fn by_cause(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut at: HashMap<(&'static str, &str), Vec<usize>> = HashMap::new();
    for (i, d) in diags.iter().enumerate() {
        if let Some(cause) = d.cause.as_deref().filter(|_| d.members.is_empty()) {
            at.entry((d.code, cause)).or_default().push(i);
        }
    }
    let first: HashMap<usize, Vec<usize>> = at
        .into_values()
        .filter(|m| m.len() >= 2)
        .map(|m| (m[0], m))
        .collect();
    merge(diags, &first, one_cause)
}

/// `diags` with each group of `first` (keyed by its first member) made one finding by `one`,
/// in the place of that first member; the others keep their order.
fn merge(
    diags: Vec<Diagnostic>,
    first: &HashMap<usize, Vec<usize>>,
    mut one: impl FnMut(Vec<Diagnostic>) -> Diagnostic,
) -> Vec<Diagnostic> {
    if first.is_empty() {
        return diags;
    }
    let grouped: BTreeSet<usize> = first.values().flatten().copied().collect();
    let mut slots: Vec<Option<Diagnostic>> = diags.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(slots.len() - grouped.len() + first.len());
    for i in 0..slots.len() {
        if let Some(members) = first.get(&i) {
            let mut taken = Vec::with_capacity(members.len());
            taken.extend(members.iter().filter_map(|&m| slots[m].take()));
            out.push(one(taken));
        } else if !grouped.contains(&i)
            && let Some(d) = slots[i].take()
        {
            out.push(d);
        }
    }
    out
}

/// One finding for `members`, places of one stated cause.
fn one_cause(members: Vec<Diagnostic>) -> Diagnostic {
    let head = &members[0];
    let tools: BTreeSet<&str> = members.iter().filter_map(|d| d.tool.as_deref()).collect();
    let (n, t) = (members.len(), tools.len());
    let reach = match (n == t, t) {
        (_, 1) => format!("{n} places in one tool"),
        (true, _) => format!("{t} tools"),
        (false, _) => format!("{n} places in {t} tools"),
    };
    let said = head.cause.as_deref().unwrap_or_default();
    // Each place by its tool and property.
    let place = |m: &Diagnostic| {
        let at = match (m.tool.as_deref(), m.property.as_deref()) {
            (Some(tool), Some(p)) => format!("`{tool}`, `{p}`: {}", m.primary.message),
            (Some(tool), None) => format!("`{tool}`: {}", m.primary.message),
            _ => m.primary.message.clone(),
        };
        Label::new(m.primary.span, at)
    };
    let primary = place(head);
    let mut d = Diagnostic::new(head.code, format!("{said} ({reach})"), primary);
    d.steps = head.steps.clone();
    d.severity = members
        .iter()
        .map(|m| m.severity)
        .max()
        .unwrap_or(head.severity);
    d.help = head.help.clone();
    d.cause = head.cause.clone();
    d.related = Vec::with_capacity(members.len());
    d.related.extend(head.related.iter().cloned());
    for m in members.iter().skip(1) {
        d.related.push(place(m));
        d.related.extend(m.related.iter().cloned());
    }
    d.members = members;
    d
}

/// One finding per cause: the same rule stating the same cause at the same place for
/// several tools (a shared validator, a dispatcher's common code) is one site to fix, so one
/// finding, with each tool's declaration as a related location. One wrong site cannot become
/// dozens of errors, and one right site is not hidden under a per-file cap.
fn by_site(project: &Project, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut at: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, d) in diags.iter().enumerate() {
        if d.members.is_empty()
            && let Some(key) = cause(d)
        {
            at.entry((d.primary.span, key)).or_default().push(i);
        }
    }
    let mut first: HashMap<usize, Vec<usize>> = HashMap::new();
    for members in at.into_values() {
        let named: BTreeSet<&str> = members
            .iter()
            .filter_map(|&i| diags[i].tool.as_deref())
            .collect();
        if named.len() >= 2 {
            first.insert(members[0], members);
        }
    }
    merge(diags, &first, |members| one_site(project, members))
}

/// One finding for `members`: one cause at one place, one per tool.
fn one_site(project: &Project, members: Vec<Diagnostic>) -> Diagnostic {
    let head = &members[0];
    let names: BTreeSet<&str> = members.iter().filter_map(|d| d.tool.as_deref()).collect();
    let n = names.len();
    let tool = head.tool.as_deref().unwrap_or_default();
    // "`tool`.`property`: ..." says the property alone; "`tool` ..." says each of them.
    let message = format!(
        "{} (one site, reached by {n} tools)",
        head.message
            .replace(&format!("`{tool}`.`"), "`")
            .replace(&format!("`{tool}`"), &format!("each of {n} tools"))
    );
    let mut d = Diagnostic::new(head.code, message, head.primary.clone());
    d.severity = members
        .iter()
        .map(|m| m.severity)
        .max()
        .unwrap_or(head.severity);
    d.property = head.property.clone().filter(|p| {
        members
            .iter()
            .all(|m| m.property.as_deref() == Some(p.as_str()))
    });
    d.help = head.help.clone();
    d.related = head.related.clone();
    for name in &names {
        let decl = project
            .contracts
            .iter()
            .find(|c| c.name == *name)
            .and_then(|c| c.decls.first());
        if let Some(decl) = decl {
            d.related
                .push(Label::new(decl.name_span, format!("`{name}` reaches it")));
        }
    }
    d.steps = head.steps.clone();
    d.members = members;
    d
}

/// Replace each cause reported on more than half of the package's `tools` (and on at least
/// [`MIN_TOOLS`]) by one finding at its first occurrence; `diags` keep their order.
fn by_share(tools: usize, diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut by_cause: HashMap<(&'static str, String, Option<String>), Vec<usize>> = HashMap::new();
    for (i, d) in diags.iter().enumerate() {
        if let Some(key) = cause(d) {
            by_cause.entry(key).or_default().push(i);
        }
    }
    // The index of each group's first member, and the members of each group.
    let mut first: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut grouped = vec![false; diags.len()];
    for members in by_cause.into_values() {
        let named: BTreeSet<&str> = members
            .iter()
            .filter_map(|&i| diags[i].tool.as_deref())
            .collect();
        if named.len() >= MIN_TOOLS && named.len() * 2 > tools {
            for &i in &members {
                grouped[i] = true;
            }
            first.insert(members[0], members);
        }
    }
    if first.is_empty() {
        return diags;
    }
    let kept = grouped.iter().filter(|&&g| !g).count() + first.len();
    let mut slots: Vec<Option<Diagnostic>> = diags.into_iter().map(Some).collect();
    // Sized for what is kept: 65,000 tools' findings grouped into three left a vector of
    // 385,000 empty slots beside them.
    let mut out = Vec::with_capacity(kept);
    for i in 0..slots.len() {
        if let Some(members) = first.get(&i) {
            // Collected into their exact size (a filter's collect doubles its way up, and
            // 77,000 tools' members are most of a large manifest's findings).
            let mut taken = Vec::with_capacity(members.len());
            taken.extend(members.iter().filter_map(|&m| slots[m].take()));
            out.push(systemic(tools, taken));
        } else if !grouped[i]
            && let Some(d) = slots[i].take()
        {
            out.push(d);
        }
    }
    out
}

/// One finding for `members` (same code, same cause, one per tool or more).
fn systemic(tools: usize, members: Vec<Diagnostic>) -> Diagnostic {
    let head = &members[0];
    let names: BTreeSet<&str> = members.iter().filter_map(|d| d.tool.as_deref()).collect();
    let n = names.len();
    let tool = head.tool.as_deref().unwrap_or_default();
    let message = format!(
        "{} ({n} of the package's {tools} tools)",
        head.message
            .replace(&format!("`{tool}`"), &format!("each of {n} tools"))
    );
    let property = head.property.clone().filter(|p| {
        members
            .iter()
            .all(|d| d.property.as_deref() == Some(p.as_str()))
    });
    let primary = Label::new(
        head.primary.span,
        format!("`{tool}`: {}", head.primary.message),
    );
    let mut d = Diagnostic::new(head.code, message, primary);
    d.severity = members
        .iter()
        .map(|m| m.severity)
        .max()
        .unwrap_or(head.severity);
    d.property = property;
    d.help = head.help.clone();
    d.related = Vec::with_capacity(members.len().saturating_sub(1));
    d.related.extend(members.iter().skip(1).filter_map(|m| {
        let tool = m.tool.as_deref()?;
        Some(Label::new(m.primary.span, format!("the same for `{tool}`")))
    }));
    d.members = members;
    d
}

/// `--no-group`: each systemic finding back into the per-tool findings it stands for. They
/// follow the other findings, group by group (each group's vector freed as it is moved, so
/// a large manifest's findings are never held twice): sort after.
pub fn ungroup(diags: &mut Vec<Diagnostic>) {
    let mut groups = Vec::new();
    diags.retain_mut(|d| {
        if d.members.is_empty() {
            return true;
        }
        groups.push(std::mem::take(&mut d.members));
        false
    });
    diags.reserve_exact(groups.iter().map(Vec::len).sum());
    for members in groups {
        diags.extend(members);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{FileId, Span};

    fn finding(tool: &str, at: usize) -> Diagnostic {
        let span = Span::new(FileId(0), at, at + 1);
        Diagnostic::new(
            "S003",
            format!("the input object of `{tool}` is open"),
            Label::new(span, "here"),
        )
        .tool(tool)
        .help("close it")
    }

    #[test]
    fn a_cause_on_most_tools_is_said_once_and_ungrouping_restores_it() {
        let diags: Vec<_> = ["a", "b", "c"]
            .iter()
            .zip(0..)
            .map(|(t, i)| finding(t, i * 10))
            .collect();
        let grouped = by_share(4, diags.clone());
        assert_eq!(grouped.len(), 1);
        assert_eq!(
            grouped[0].message,
            "the input object of each of 3 tools is open (3 of the package's 4 tools)"
        );
        assert_eq!(grouped[0].related.len(), 2);
        assert_eq!(grouped[0].tool, None);
        let mut ungrouped = grouped;
        ungroup(&mut ungrouped);
        assert_eq!(ungrouped, diags);
    }

    #[test]
    fn half_the_tools_or_fewer_than_three_stay_one_by_one() {
        let diags: Vec<_> = ["a", "b", "c"]
            .iter()
            .zip(0..)
            .map(|(t, i)| finding(t, i * 10))
            .collect();
        assert_eq!(by_share(6, diags.clone()), diags);
        assert_eq!(by_share(2, diags[..2].to_vec()), diags[..2].to_vec());
    }

    #[test]
    fn one_site_reached_by_several_tools_is_one_finding() {
        let diags = vec![finding("a", 5), finding("b", 5), finding("c", 9)];
        let project = Project::default();
        let sited = by_site(&project, diags.clone());
        assert_eq!(sited.len(), 2, "{sited:#?}");
        assert_eq!(
            sited[0].message,
            "the input object of each of 2 tools is open (one site, reached by 2 tools)"
        );
        assert_eq!(sited[0].members.len(), 2);
        assert_eq!(sited[1], diags[2]);
        let mut ungrouped = sited;
        ungroup(&mut ungrouped);
        ungrouped.sort_by_key(|d| (d.primary.span, d.tool.clone()));
        assert_eq!(ungrouped, diags);
    }
}
