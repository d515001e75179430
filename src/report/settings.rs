//! `check --show-settings`: the configuration each package is linted with, as TOML, with
//! every default filled in and every rule's effective level after `--select` / `--ignore`.

use crate::config::Level;
use crate::config::PackageSettings;
use toml::{Table, Value};

pub fn render(packages: &[PackageSettings]) -> Result<String, String> {
    let mut list = Vec::new();
    for p in packages {
        let mut table = Table::new();
        table.insert("dir".into(), crate::source::display_path(&p.dir).into());
        let config = match &p.config.path {
            Some(path) => crate::source::display_path(path),
            None => "(none: defaults)".into(),
        };
        table.insert("config".into(), config.into());
        table.insert("files".into(), Value::Integer(p.files as i64));
        let written = Table::try_from(&p.config).map_err(|e| e.to_string())?;
        table.extend(written);
        table.insert(
            "max-file-size".into(),
            Value::Integer(p.max_file_size as i64),
        );
        let rules: Table = p
            .levels
            .iter()
            .map(|(code, level)| {
                let level = match level {
                    Level::Off => "off",
                    Level::On(s) => s.as_str(),
                };
                (code.clone(), Value::from(level))
            })
            .collect();
        table.insert("rules".into(), Value::Table(rules));
        list.push(Value::Table(table));
    }
    let mut doc = Table::new();
    doc.insert("package".into(), Value::Array(list));
    toml::to_string(&doc).map_err(|e| e.to_string())
}
