mod tools;

fn main() {
    for t in tools::all() {
        println!("{}", t.name);
    }
}
