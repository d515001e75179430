//! A mail server's flag tool. The handler copies the input into a request struct of its own
//! and the validator checks the request: an empty flag list and an unknown operation are
//! rejected there, while the derived schema allows both.

mod server;

fn main() {
    server::serve();
}
