mod library;
mod server;

fn main() {
    server::serve();
}
