mod query;
mod server;

fn main() {
    server::serve();
}
