mod tools;

fn main() {
    let _ = tools::list_tools();
}
