mod search;

fn main() {
    let _ = search::Search::new();
}
