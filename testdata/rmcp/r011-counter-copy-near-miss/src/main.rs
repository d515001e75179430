mod outline;
mod server;

fn main() {
    server::serve();
}
