//! The same host tools where the words in the doc comments are no closed set: English
//! alternatives ("relative or absolute"), kinds of things ("files, folders, or globs"), the
//! parts of a value ("(latitude, longitude, altitude)"), and a button list whose other values
//! the handler serves on purpose.

mod server;

fn main() {
    server::serve();
}
