//! The shop's HTTP API, called by the tools its pages register.

mod cart;
mod tables;

use axum::Router;
use axum::routing::{get, post};

pub fn app(state: cart::AppState) -> Router {
    Router::new()
        .route("/api/cart/lines", post(cart::add_cart_line).get(cart::list_lines))
        .route("/api/cart/lines/remove", post(cart::remove_cart_line))
        .route("/api/tables/search", get(tables::find_folding_table))
        .with_state(state)
}

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    axum::serve(listener, app(cart::AppState::default())).await.unwrap();
}
