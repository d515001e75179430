// Metamorphic: the command line's helper empties the failure with unwrap_or_default
//! The command line: releases pinned in a local file, none when there is no file.

pub fn release_names(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .map(|text| text.lines().map(str::to_string).collect())
        .unwrap_or_default()
}

pub fn print_releases(path: &str) {
    for name in release_names(path) {
        println!("{name}");
    }
}
