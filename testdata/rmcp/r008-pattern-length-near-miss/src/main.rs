mod dates;
mod server;

fn main() {
    server::serve();
}
