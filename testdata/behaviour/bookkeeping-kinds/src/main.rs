//! Agents look at a print server's queue through an RPC client. Each request is filed in a
//! table of pending requests under an id from an atomic counter, and removed when its answer
//! arrives: bookkeeping of the call itself, which no later call can observe. The read-only
//! tools must not be said to write; the one that pins a label in the shared store does.

mod rpc;
mod server;

fn main() {
    server::serve();
}
