mod registry;
mod tools;

fn main() {
    for t in registry::listed() {
        println!("{t}");
    }
}
