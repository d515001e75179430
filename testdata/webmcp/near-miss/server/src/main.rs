//! Correct code written differently from the shop: an alias of the legacy
//! `navigator.modelContext`, `provideContext`, schema constants, hand-written checks,
//! optional fields, and a GET form read with `Query`.

mod cart;

use axum::Router;
use axum::routing::{get, post};

pub fn app() -> Router {
    Router::new()
        .route("/api/v2/cart/{cart_id}/lines", post(cart::put_line))
        .route("/api/v2/stock", get(cart::stock))
}

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    axum::serve(listener, app()).await.unwrap();
}
