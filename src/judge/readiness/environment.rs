//! The environment a readiness report is bound to: which contractlint, which revision of
//! the checked tree, which schema dialects, when, and with which configuration.

use crate::config::Config;
use crate::outcome::Outcome;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[derive(Clone, Debug, Serialize)]
pub struct Environment {
    pub contractlint: String,
    /// The paths that were checked, as given.
    pub paths: Vec<String>,
    /// The checked tree's git state; `None` outside a git checkout or without git.
    pub git: Option<GitState>,
    pub dialects: Vec<DialectUse>,
    /// RFC 3339, UTC; `SOURCE_DATE_EPOCH` overrides the clock.
    pub date: String,
    pub config: ConfigUsed,
    /// The reviewer's sign-off as configured (`[sign-off]`); blank fields are for a hand.
    pub sign_off: crate::config::SignOff,
}

#[derive(Clone, Debug, Serialize)]
pub struct GitState {
    pub revision: String,
    /// Uncommitted changes under the checked path; `None` (null) when not known, which is
    /// always for now: telling needs git run in the tree, and git runs commands the tree's
    /// `.git/config` names (see [`super::git`]).
    pub dirty: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct DialectUse {
    pub dialect: String,
    /// `$schema` says so; otherwise the dialect was assumed.
    pub declared: bool,
    pub tools: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ConfigUsed {
    /// The configuration file, or `None` for the defaults.
    pub file: Option<String>,
    /// Every configuration file that applied to a package of the run (each package takes
    /// its closest one): more than `file` when fixtures or crates carry their own.
    pub applied: Vec<String>,
    /// Settings that differ from the defaults, one `key = value` each.
    pub settings: Vec<String>,
}

/// `SOURCE_DATE_EPOCH`, when set: seconds since the Unix epoch, for reproducible reports.
pub fn source_date_epoch() -> Result<Option<u64>, String> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) => v
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("SOURCE_DATE_EPOCH `{v}` is not a number of seconds")),
        Err(_) => Ok(None),
    }
}

/// Gather the environment of a finished run; `epoch` fixes the date (else the clock).
pub fn gather(
    paths: &[PathBuf],
    config: &Config,
    outcome: &Outcome,
    epoch: Option<u64>,
) -> Environment {
    let time = epoch.map_or_else(SystemTime::now, |s| UNIX_EPOCH + Duration::from_secs(s));
    Environment {
        contractlint: env!("CARGO_PKG_VERSION").to_string(),
        paths: paths
            .iter()
            .map(|p| crate::source::display_path(p))
            .collect(),
        git: paths.first().and_then(|p| git_state(p)),
        dialects: dialects(outcome),
        date: humantime::format_rfc3339_seconds(time).to_string(),
        config: config_used(config, outcome),
        sign_off: config.sign_off.clone(),
    }
}

fn dialects(outcome: &Outcome) -> Vec<DialectUse> {
    let mut uses: Vec<DialectUse> = Vec::new();
    for c in &outcome.project.contracts {
        let Some(s) = c.schema() else { continue };
        let (dialect, declared) = (s.dialect.name().to_string(), s.declared_dialect.is_some());
        match uses
            .iter_mut()
            .find(|u| u.dialect == dialect && u.declared == declared)
        {
            Some(u) => u.tools.push(c.name.clone()),
            None => uses.push(DialectUse {
                dialect,
                declared,
                tools: vec![c.name.clone()],
            }),
        }
    }
    uses.sort();
    uses
}

fn config_used(config: &Config, outcome: &Outcome) -> ConfigUsed {
    let mut settings: Vec<String> = config
        .rules
        .iter()
        .map(|(k, l)| format!("rules.{k} = {}", level(l)))
        .collect();
    settings.extend(config.include.iter().map(|e| format!("include {e}")));
    settings.extend(config.exclude.iter().map(|e| format!("exclude {e}")));
    for o in &config.overrides {
        for (k, l) in &o.rules {
            settings.push(format!(
                "overrides {} rules.{k} = {}",
                o.files.join(", "),
                level(l)
            ));
        }
    }
    if let Some(m) = config.max_file_size {
        settings.push(format!("max-file-size = {m}"));
    }
    settings.extend(config.tools.iter().map(|t| match &t.schema {
        Some(s) => format!("tool {} = {}", t.name, s.display()),
        None => format!("tool {}", t.name),
    }));
    if let Some(u) = &config.cases.unknown_field {
        settings.push(format!("cases.unknown-field = {u}"));
    }
    let c = &config.cases.codes;
    for (k, v) in [
        ("MISSING_FIELD", &c.missing_field),
        ("INVALID_TYPE", &c.invalid_type),
        ("OUT_OF_RANGE", &c.out_of_range),
        ("UNKNOWN_FIELD", &c.unknown_field),
        ("INVALID_VALUE", &c.invalid_value),
    ] {
        if let Some(v) = v {
            settings.push(format!("cases.codes.{k} = {v}"));
        }
    }
    ConfigUsed {
        file: config.path.as_deref().map(crate::source::display_path),
        applied: outcome
            .configs
            .iter()
            .map(|p| crate::source::display_path(p))
            .collect(),
        settings,
    }
}

fn level(l: &crate::config::Level) -> &'static str {
    match l {
        crate::config::Level::Off => "off",
        crate::config::Level::On(s) => s.as_str(),
    }
}

/// The git state of the checkout holding `path`, read as data (git is never run).
pub fn git_state(path: &Path) -> Option<GitState> {
    Some(GitState {
        revision: super::git::revision(path)?,
        dirty: None,
    })
}
