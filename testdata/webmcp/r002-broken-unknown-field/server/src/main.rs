//! Cart API behind the page's `addCartLine` tool.

mod lines;

use axum::Router;
use axum::routing::post;

pub fn app() -> Router {
    Router::new().route("/api/cart/lines", post(lines::create_line))
}

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    axum::serve(listener, app()).await.unwrap();
}
