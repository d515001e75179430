mod input;
mod server;

fn main() {
    server::serve();
}
