//! A greenhouse server whose tools are built by helpers in `tools/mod.rs` and listed by
//! each tool module.

mod server;
mod tools;

fn main() {
    let greenhouse = server::Greenhouse::new(tools::Texts::default());
    println!("{} tools", greenhouse.list_tools().len());
}
