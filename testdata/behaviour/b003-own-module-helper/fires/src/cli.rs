//! The command line: releases pinned in a local file, none when there is no file.

pub fn release_names(path: &str) -> Vec<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text.lines().map(str::to_string).collect(),
        Err(_) => Vec::new(),
    }
}

pub fn print_releases(path: &str) {
    for name in release_names(path) {
        println!("{name}");
    }
}
