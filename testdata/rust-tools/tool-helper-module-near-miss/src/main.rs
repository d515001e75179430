//! An orchard server with two `make_tool` helpers (the current one and a legacy one kept
//! for the old wire shape) and a help page built from the same arguments.

mod help;
mod legacy;
mod server;
mod tools;

fn main() {
    let orchard = server::Orchard;
    println!("{} tools", orchard.list_tools().len());
    println!("{}", help::page());
}
