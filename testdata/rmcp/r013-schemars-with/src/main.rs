mod server;

fn main() {
    server::serve();
}
