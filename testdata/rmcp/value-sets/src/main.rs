mod notes;
mod server;
mod style;

fn main() {
    server::serve();
}
