//! Serves the allotment society's notice board: static pages and the plot list.
use axum::{Router, routing::get};

async fn plots() -> &'static str {
    include_str!("../web/plots.json")
}

#[tokio::main]
async fn main() {
    let app = Router::new().route("/plots.json", get(plots));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    axum::serve(listener, app).await.unwrap();
}
