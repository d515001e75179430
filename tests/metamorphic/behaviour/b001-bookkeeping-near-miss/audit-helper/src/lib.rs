// Metamorphic: the audit entry written by a method of its own.
//! Translation catalogues for a shop. Each catalogue file is parsed once and kept until
//! the file changes; every sign-in attempt goes to the audit trail; price lists are
//! remembered per region. None of that is what a tool does for its caller: a refused call
//! leaves the catalogues, the prices and the shop as they were.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::RwLock;

pub struct Catalogue {
    pub path: String,
    pub modified: u64,
    pub entries: Vec<(String, String)>,
}

pub struct Catalogues {
    stores: RwLock<HashMap<String, Arc<Catalogue>>>,
}

impl Catalogues {
    fn modified(&self, _path: &str) -> u64 {
        0
    }

    /// The parsed catalogue of `path`: the one kept while the file is unchanged, else
    /// parsed again and kept in place of the stale one.
    pub async fn catalogue(&self, path: &str) -> Result<Arc<Catalogue>, String> {
        {
            let stores = self.stores.read().await;
            if let Some(found) = stores.get(path) {
                if found.modified == self.modified(path) {
                    return Ok(Arc::clone(found));
                }
            }
        }
        let mut stores = self.stores.write().await;
        if let Some(found) = stores.get(path) {
            if found.modified == self.modified(path) {
                return Ok(Arc::clone(found));
            }
            stores.remove(path);
        }
        let parsed = Arc::new(Catalogue {
            path: path.to_string(),
            modified: self.modified(path),
            entries: Vec::new(),
        });
        stores.insert(path.to_string(), Arc::clone(&parsed));
        Ok(parsed)
    }
}

pub struct AuditEntry {
    pub user: String,
    pub action: String,
    pub allowed: bool,
}

pub struct PriceLists {
    pub region_cache: RwLock<Option<Vec<(String, u32)>>>,
}

pub struct Shop {
    catalogues: Catalogues,
    audit_log: RwLock<Vec<AuditEntry>>,
    prices: PriceLists,
    staff: HashMap<String, String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct CheckParams {
    /// The catalogue file, relative to the shop's locale directory.
    pub path: String,
    /// The least severity of the problems to report.
    pub severity: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct SignInParams {
    /// The staff member's user name.
    pub user: String,
    /// The staff member's pass code.
    pub code: String,
}

#[derive(Deserialize, JsonSchema)]
pub struct PriceParams {
    /// Region code, two letters.
    pub region: String,
}

async fn remember_prices(prices: &PriceLists, list: Vec<(String, u32)>) {
    *prices.region_cache.write().await = Some(list);
}

impl Shop {
    async fn audit(&self, user: &str, action: &str, allowed: bool) {
        let mut log = self.audit_log.write().await;
        log.push(AuditEntry {
            user: user.to_string(),
            action: action.to_string(),
            allowed,
        });
    }
}

#[tool_router]
impl Shop {
    #[tool(description = "Checks a translation catalogue and lists its problems.")]
    async fn check_catalogue(&self, Parameters(p): Parameters<CheckParams>) -> Result<CallToolResult, String> {
        let catalogue = self.catalogues.catalogue(&p.path).await?;
        if p.severity != "error" && p.severity != "warning" {
            return Err(format!("unknown severity `{}`", p.severity));
        }
        Ok(CallToolResult::success(vec![rmcp::model::Content::text(format!(
            "{} entries checked in {}",
            catalogue.entries.len(),
            catalogue.path
        ))]))
    }

    #[tool(description = "Signs a staff member in.")]
    async fn sign_in(&self, Parameters(p): Parameters<SignInParams>) -> Result<CallToolResult, String> {
        let allowed = self.staff.get(&p.user) == Some(&p.code);
        self.audit(&p.user, "sign_in", allowed).await;
        if !allowed {
            return Err("unknown user or wrong code".into());
        }
        Ok(CallToolResult::success(vec![rmcp::model::Content::text("signed in")]))
    }

    #[tool(description = "Lists the prices of a region. Read-only.", annotations(read_only_hint = true))]
    async fn region_prices(&self, Parameters(p): Parameters<PriceParams>) -> Result<CallToolResult, String> {
        let list = vec![(p.region.clone(), 100)];
        remember_prices(&self.prices, list.clone()).await;
        if p.region.len() != 2 {
            return Err("a region is two letters".into());
        }
        Ok(CallToolResult::success(vec![rmcp::model::Content::text(format!("{} prices", list.len()))]))
    }
}
