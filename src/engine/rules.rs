//! Running the rules over a linked group: which rules are active (selection, levels,
//! per-path overrides), each finding's severity, and suppressions.

use super::suppress;
use super::{Options, RunError, files};
use crate::config::{self, Config, Level};
use crate::contract::Project;
use crate::contract::Suppression;
use crate::diagnostic::{Diagnostic, Severity, Suppressed};
use crate::{catalog, rules};
use rayon::prelude::*;
use std::path::Path;

/// Every `--select`/`--ignore` key names a rule.
pub fn check_selection(opts: &Options) -> Result<(), RunError> {
    for key in opts.select.iter().chain(&opts.ignore) {
        if catalog::find(key).is_none() {
            return Err(RunError(crate::catalog::select::unknown(key)));
        }
    }
    Ok(())
}

/// The level configured for a rule in `rules`, if any.
fn configured(rules: &std::collections::BTreeMap<String, Level>, code: &str) -> Option<Level> {
    let info = catalog::find(code);
    rules
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(code) || info.is_some_and(|i| &i.name == *k))
        .map(|(_, l)| *l)
}

/// The level configured for a rule, else its catalog default.
fn level(config: &Config, code: &str) -> Level {
    configured(&config.rules, code)
        .unwrap_or_else(|| Level::On(catalog::find(code).map_or(Severity::Error, |i| i.severity)))
}

/// Whether `code` runs under this selection and configuration as far as its maturity goes:
/// a stable rule always, a preview rule under `--preview` or `preview = true`, or when named
/// by `--select` or given a level in `[rules]`.
fn mature_enough(opts: &Options, config: &Config, code: &str) -> bool {
    let Some(info) = catalog::find(code) else {
        return true;
    };
    info.maturity == catalog::Maturity::Stable
        || info.reads_input()
        || opts.preview
        || config.preview == Some(true)
        || matches(&opts.named, code)
        || matches!(configured(&config.rules, code), Some(Level::On(_)))
}

/// Per-path overrides compiled once: (files, rule levels).
pub struct Overrides(Vec<(globset::GlobSet, config::Override)>);

impl Overrides {
    pub fn new(config: &Config) -> Result<Overrides, RunError> {
        config
            .overrides
            .iter()
            .map(|o| Ok((files::glob_set("overrides.files", &o.files)?, o.clone())))
            .collect::<Result<_, _>>()
            .map(Overrides)
    }

    /// Whether some override can turn `code` on, so the rule must run even when off globally.
    fn may_enable(&self, code: &str) -> bool {
        self.0
            .iter()
            .any(|(_, o)| matches!(configured(&o.rules, code), Some(Level::On(_))))
    }

    /// The level of `code` for a finding in `rel` (relative to the config's directory).
    fn level(&self, rel: &Path, code: &str, global: Level) -> Level {
        self.0
            .iter()
            .rev()
            .filter(|(set, _)| set.is_match(rel))
            .find_map(|(_, o)| configured(&o.rules, code))
            .unwrap_or(global)
    }
}

fn matches(keys: &[String], code: &str) -> bool {
    keys.iter()
        .any(|k| catalog::find(k).is_some_and(|r| r.code == code))
}

/// What the rules of one group found.
pub struct Found {
    pub diagnostics: Vec<Diagnostic>,
    pub suppressed: Vec<Suppressed>,
    /// Findings resting on a claim the model could not answer: never reported, counted by
    /// `--statistics` and listed by `-v`.
    pub withheld: Vec<Diagnostic>,
}

/// Run the selected rules and apply suppressions; `config` is the options' config with an
/// absolute `base`.
pub fn run(
    project: &Project,
    opts: &Options,
    config: &Config,
    suppressions: &[Suppression],
) -> Result<Found, RunError> {
    let overrides = Overrides::new(config)?;
    let base = files::canonical(&config.base);
    // A `diff` change class is no rule of this run: a suppression naming one is `diff`'s.
    let active = |code: &str| {
        !crate::catalog::find(code).is_some_and(crate::catalog::is_change_class)
            && (opts.select.is_empty() || matches(&opts.select, code))
            && !matches(&opts.ignore, code)
            && (level(config, code) != Level::Off || overrides.may_enable(code))
            && (mature_enough(opts, config, code) || overrides.may_enable(code))
    };
    // Set each finding's severity; drop those its file's override turns off.
    let settle = |d: &mut Diagnostic| {
        let global = level(config, d.code);
        let level = if overrides.0.is_empty() {
            global
        } else {
            let path = &project.sources.get(d.primary.span.file).path;
            overrides.level(&files::relative_to(&base, path), d.code, global)
        };
        match level {
            Level::On(severity) => {
                d.severity = if d.milder {
                    severity.milder()
                } else {
                    severity
                };
                true
            }
            Level::Off => false,
        }
    };
    let per_rule: Vec<(Vec<Diagnostic>, Vec<Diagnostic>)> = rules::all()
        .par_iter()
        .filter(|r| active(r.code()))
        .map(|rule| {
            let mut found = rules::findings::Findings::default();
            super::timings::time(rule.code(), || rule.check(project, &mut found));
            let mut out = found.into_vec();
            out.retain_mut(settle);
            let withheld = match out.iter().any(Diagnostic::is_unknown) {
                true => out.extract_if(.., |d| d.is_unknown()).collect(),
                false => Vec::new(),
            };
            (out, withheld)
        })
        .collect();
    // Gathered into one vector of their exact size, each rule's freed as it is moved: a
    // parallel collect held every finding twice at the end.
    let mut all = Vec::with_capacity(per_rule.iter().map(|r| r.0.len()).sum());
    let mut withheld = Vec::new();
    for (out, unknown) in per_rule {
        all.extend(out);
        withheld.extend(unknown);
    }
    let same = |a: &Diagnostic, b: &Diagnostic| {
        a.code == b.code && a.primary.span == b.primary.span && a.message == b.message
    };
    super::sort(&project.sources, &mut withheld);
    withheld.dedup_by(|a, b| same(a, b));
    let suppress::Applied {
        mut suppressed,
        mut unused,
    } = suppress::apply(suppressions, &mut all, &active);
    if active(suppress::UNUSED) {
        unused.retain_mut(settle);
        all.extend(unused);
    }
    super::sort(&project.sources, &mut all);
    // A schema shared through `$ref` must not repeat one finding per referring tool.
    all.dedup_by(|a, b| same(a, b));
    let all = match opts.per_tool {
        true => all,
        false => rules::systemic::group(project, config, all),
    };
    suppressed.sort_by_key(|s| s.diagnostic.primary.span);
    suppressed.dedup_by(|a, b| same(&a.diagnostic, &b.diagnostic));
    Ok(Found {
        diagnostics: all,
        suppressed,
        withheld,
    })
}

/// The level a rule runs at under `config` and the selection in `opts` (`off` when
/// `--select` / `--ignore` leave it out), before per-path overrides.
pub fn rule_level(opts: &Options, config: &Config, code: &str) -> Level {
    let selected = (opts.select.is_empty() || matches(&opts.select, code))
        && !matches(&opts.ignore, code)
        && mature_enough(opts, config, code);
    if selected {
        level(config, code)
    } else {
        Level::Off
    }
}
