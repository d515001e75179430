//! Two tool modules each have an `execute`: `tools::report::execute` only reads, while
//! `tools::purge::execute` deletes. The read-only `report_notes` calls the first by its
//! module path, so it never reaches the delete: `report::execute` is not `purge::execute`.

mod server;
mod tools;

fn main() {
    server::serve();
}
