//! Virtual disk tools of a Hyper-V host. Each argument's doc comment lists the values the
//! cmdlet takes as bare words, but the schemas derived from the `String` fields take any
//! string: an agent learns the set only from a PowerShell error.

mod server;

fn main() {
    server::serve();
}
