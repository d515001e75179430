// Metamorphic: the recipe stored in each branch of an `if`, the failure passed on in both.
//! A recipe box. `save_recipe` reads the known cuisines to spell the one it was given the
//! usual way, falling back to none when they cannot be read, and then stores the recipe
//! in the same box, whose failure it reports: a box that cannot be read cannot be written
//! either, so the agent hears of the outage. `similar_recipes` falls back the same way but
//! only writes to the visit log afterwards: when the box is down it answers "no similar
//! recipe".

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Content, ErrorData};
use rmcp::{tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveRecipeParams {
    /// The recipe's title.
    pub title: String,
    /// Its cuisine, as the cook writes it.
    pub cuisine: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SimilarParams {
    /// The recipe to compare with.
    pub title: String,
}

pub struct RecipeBox;

impl RecipeBox {
    pub fn open(dir: &str) -> Result<RecipeBox, String> {
        if dir.is_empty() {
            return Err("no recipe box here".into());
        }
        Ok(RecipeBox)
    }

    pub fn store(&self, title: &str, cuisine: &str) -> Result<(), String> {
        Err(format!("cannot store {title} ({cuisine}): the box is read-only"))
    }

    pub fn titles_like(&self, title: &str) -> Result<Vec<String>, String> {
        Err(format!("cannot read the box for {title}"))
    }
}

pub struct VisitLog;

impl VisitLog {
    pub fn note(&self, title: &str) -> Result<(), String> {
        Err(format!("cannot note {title}"))
    }
}

/// The cuisines the box knows, in their usual spelling.
pub fn cuisines(recipes: &RecipeBox) -> Result<Vec<String>, String> {
    recipes.titles_like("*")
}

/// The titles in the box that look like `title`.
pub fn similar_titles(recipes: &RecipeBox, title: &str) -> Result<Vec<String>, String> {
    recipes.titles_like(title)
}

fn failed(e: String) -> ErrorData {
    ErrorData::internal_error(e, None)
}

pub struct Kitchen {
    dir: String,
    visits: VisitLog,
}

#[tool_router]
impl Kitchen {
    #[tool(description = "Stores a recipe and answers with its cuisine as filed.")]
    pub async fn save_recipe(
        &self,
        Parameters(p): Parameters<SaveRecipeParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let recipes = RecipeBox::open(&self.dir).map_err(failed)?;
        let known = cuisines(&recipes).unwrap_or_default();
        let filed = known
            .into_iter()
            .find(|c| c.eq_ignore_ascii_case(&p.cuisine))
            .unwrap_or(p.cuisine.clone());
        if filed == p.cuisine {
            recipes.store(&p.title, &p.cuisine).map_err(failed)?;
        } else {
            recipes.store(&p.title, &filed).map_err(failed)?;
        }
        Ok(CallToolResult::success(vec![Content::text(filed)]))
    }

    #[tool(description = "Lists recipes with a title like the one given.")]
    pub async fn similar_recipes(
        &self,
        Parameters(p): Parameters<SimilarParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let recipes = RecipeBox::open(&self.dir).map_err(failed)?;
        let similar = similar_titles(&recipes, &p.title).unwrap_or_default();
        self.visits.note(&p.title).map_err(failed)?;
        Ok(CallToolResult::success(vec![Content::text(similar.join("\n"))]))
    }
}
