// Metamorphic: helper-built rejection (`return refuse(..)`)
//! Table search behind the page's declarative `findFoldingTable` form.

use axum::extract::Query;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

/// The form's query.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TableQuery {
    /// Largest acceptable folded thickness in millimetres.
    pub max_folded_thickness_mm: u32,
}

/// Turns the request away with a message.
fn refuse<T>(message: &str) -> Result<T, String> {
    Err(message.to_string())
}

pub async fn search(Query(q): Query<TableQuery>) -> Result<Json<Vec<String>>, String> {
    if !(10..=120).contains(&q.max_folded_thickness_mm) {
        return refuse("maxFoldedThicknessMm must be from 10 through 120");
    }
    Ok(Json(vec![format!("tables up to {} mm", q.max_folded_thickness_mm)]))
}

pub fn app() -> Router {
    Router::new().route("/tables", get(search))
}

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    axum::serve(listener, app()).await.unwrap();
}
