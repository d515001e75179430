// Metamorphic: the two versions told apart by a number (`version_1`, `version_2`) instead of a letter.
//! An archive of a game's item data, one record per item and game version. Comparing an
//! item across two versions looks up the record of each: `version_1` and `version_2` are
//! both game versions, told apart by their number, so matching each against a record's
//! `game_version` compares like with like.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompareParams {
    /// The item's identifier.
    pub item: String,
    /// The first game version to compare (for example `4.6.0-live`).
    pub version_1: String,
    /// The second game version to compare.
    pub version_2: String,
}

pub struct ItemRecord {
    pub item: String,
    pub game_version: String,
    pub stats: Vec<(String, f64)>,
}

pub struct Archive {
    records: Vec<ItemRecord>,
}

impl Archive {
    fn records_of(&self, item: &str) -> Vec<&ItemRecord> {
        self.records.iter().filter(|r| r.item == item).collect()
    }
}

#[tool_router]
impl Archive {
    #[tool(description = "Compares an item's stats between two game versions.")]
    pub async fn compare_versions(
        &self,
        Parameters(p): Parameters<CompareParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let records = self.records_of(&p.item);
        let a = records.iter().find(|r| r.game_version == p.version_1);
        let b = records.iter().find(|r| r.game_version == p.version_2);
        let (Some(a), Some(b)) = (a, b) else {
            return Ok(CallToolResult::error(vec![Content::text(format!(
                "`{}` is not recorded in both versions",
                p.item
            ))]));
        };
        let changed: Vec<String> = a
            .stats
            .iter()
            .zip(&b.stats)
            .filter(|(x, y)| x.1 != y.1)
            .map(|(x, y)| format!("{}: {} -> {}", x.0, x.1, y.1))
            .collect();
        Ok(CallToolResult::success(vec![Content::text(changed.join("\n"))]))
    }
}
