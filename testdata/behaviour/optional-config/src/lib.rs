//! Document templates, with an optional file of local overrides that may be missing. A
//! missing overrides file is not a failure: `list_templates` and `list_templates_quiet`
//! must stay silent. `list_templates_lenient` turns the template store's own failure into
//! an empty list: its twin, which must not.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::io::ErrorKind;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListParams {
    /// Only templates whose name starts with this; at most 20 characters.
    #[schemars(length(max = 20))]
    pub prefix: String,
}

/// Local overrides: templates to hide.
#[derive(Debug, Default)]
pub struct Overrides {
    pub hidden: Vec<String>,
}

/// The overrides file, when there is one: a missing file means no overrides; any other
/// failure to read it fails the call.
fn load_overrides(path: &str) -> Result<Overrides, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Overrides {
            hidden: text.lines().map(str::to_string).collect(),
        }),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(Overrides::default()),
        Err(e) => Err(format!("cannot read {path}: {e}")),
    }
}

pub struct Store {
    dir: String,
}

impl Store {
    pub fn names(&self) -> Result<Vec<String>, String> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| e.to_string())?;
        Ok(entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect())
    }
}

pub struct Templates {
    store: Store,
    overrides_path: String,
}

fn check(p: &ListParams) -> Result<(), String> {
    if p.prefix.chars().count() > 20 {
        return Err("prefix is at most 20 characters".into());
    }
    Ok(())
}

fn shown(names: Vec<String>, overrides: &Overrides, prefix: &str) -> String {
    names
        .into_iter()
        .filter(|n| n.starts_with(prefix) && !overrides.hidden.contains(n))
        .collect::<Vec<_>>()
        .join(", ")
}

#[tool_router]
impl Templates {
    #[tool(description = "Lists the document templates.", annotations(read_only_hint = true))]
    async fn list_templates(&self, Parameters(p): Parameters<ListParams>) -> Result<String, String> {
        check(&p)?;
        let overrides = load_overrides(&self.overrides_path)?;
        let names = self.store.names()?;
        Ok(shown(names, &overrides, &p.prefix))
    }

    /// The overrides read with a plain `if let`: absent or unreadable, there are none.
    #[tool(description = "Lists the document templates, second way.", annotations(read_only_hint = true))]
    async fn list_templates_quiet(&self, Parameters(p): Parameters<ListParams>) -> Result<String, String> {
        check(&p)?;
        let mut overrides = Overrides::default();
        if let Ok(text) = std::fs::read_to_string(&self.overrides_path) {
            overrides.hidden = text.lines().map(str::to_string).collect();
        }
        let names = self.store.names()?;
        Ok(shown(names, &overrides, &p.prefix))
    }

    #[tool(description = "Lists the document templates, third way.", annotations(read_only_hint = true))]
    async fn list_templates_lenient(&self, Parameters(p): Parameters<ListParams>) -> Result<String, String> {
        check(&p)?;
        let overrides = load_overrides(&self.overrides_path)?;
        let names = self.store.names().unwrap_or_default();
        Ok(shown(names, &overrides, &p.prefix))
    }
}
