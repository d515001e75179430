mod options;
mod server;

fn main() {
    server::serve();
}
