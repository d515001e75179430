// Metamorphic: the description is built with `String::from` instead of `.to_string()`.
//! Agent tools over a recipe box, served to a rig agent. Each tool returns its description
//! from `definition`, as rig's `Tool` trait asks.

use rig::completion::ToolDefinition;
use rig::tool::Tool;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FindRecipesArgs {
    /// Words to look for in titles and ingredients.
    pub query: String,
    /// How many recipes to return.
    pub limit: Option<u32>,
}

#[derive(Debug)]
pub struct RecipeError;

impl std::fmt::Display for RecipeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("recipe box unavailable")
    }
}

impl std::error::Error for RecipeError {}

pub struct FindRecipes {
    pub titles: Vec<String>,
}

impl Tool for FindRecipes {
    const NAME: &'static str = "find_recipes";

    type Error = RecipeError;
    type Args = FindRecipesArgs;
    type Output = Vec<String>;

    async fn definition(&self, _prompt: String) -> ToolDefinition {
        ToolDefinition {
            name: Self::NAME.to_string(),
            description: String::from("Find recipes whose title or ingredients contain the words. `limit` is between 1 and 20."),
            parameters: serde_json::to_value(schemars::schema_for!(FindRecipesArgs)).unwrap_or_default(),
        }
    }

    async fn call(&self, args: Self::Args) -> Result<Self::Output, Self::Error> {
        let limit = args.limit.unwrap_or(5) as usize;
        Ok(self
            .titles
            .iter()
            .filter(|t| t.contains(&args.query))
            .take(limit)
            .cloned()
            .collect())
    }
}
