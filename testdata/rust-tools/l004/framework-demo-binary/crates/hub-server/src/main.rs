//! What operators see when they run the library crate itself: it serves nothing, the
//! programs built on it do.

fn main() {
    println!(
        "hub-server {}: a library; build a server on it (see examples/clock)",
        env!("CARGO_PKG_VERSION")
    );
}
