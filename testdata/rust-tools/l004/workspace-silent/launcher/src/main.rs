//! Starts the event server on stdio.

fn main() {
    eprintln!("starting the event log server");
}
