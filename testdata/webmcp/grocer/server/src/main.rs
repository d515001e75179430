//! The grocer's basket API: the tools of the basket page call it.

mod basket;

use axum::Router;
use axum::routing::{delete, get, post};

pub fn app(state: basket::Basket) -> Router {
    Router::new()
        .route("/api/basket", get(basket::list))
        .route("/api/basket/lines", post(basket::add_line))
        .route("/api/basket/lines/{id}", delete(basket::remove_line))
        .with_state(state)
}

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:8081").await.unwrap();
    axum::serve(listener, app(basket::Basket::default())).await.unwrap();
}
