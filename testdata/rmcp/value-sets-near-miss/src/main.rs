mod server;
mod units;

fn main() {
    server::serve();
}
