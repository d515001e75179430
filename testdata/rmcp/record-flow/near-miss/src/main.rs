//! The same flag tool where the request's checked fields are not the input's: the flags
//! come from the server's own defaults and the operation is fixed, so the validator's checks
//! say nothing about what an agent may send.

mod server;

fn main() {
    server::serve();
}
