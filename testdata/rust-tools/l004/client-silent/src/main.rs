//! Runs a tool of an MCP server it starts as a child process: it *sends* `tools/list` and
//! `tools/call` over the server's stdio and prints the answer. A client declares no tools.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};

struct Session {
    child: Child,
    out: BufReader<ChildStdout>,
    next_id: u64,
}

impl Session {
    fn start(program: &str) -> std::io::Result<Session> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let out = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Session { child, out, next_id: 1 })
    }

    fn send_request(&mut self, method: &str, params: Value) -> std::io::Result<Value> {
        let request = json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params });
        self.next_id += 1;
        let stdin = self.child.stdin.as_mut().expect("piped");
        writeln!(stdin, "{request}")?;
        let mut line = String::new();
        self.out.read_line(&mut line)?;
        Ok(serde_json::from_str(&line).unwrap_or(Value::Null))
    }

    fn list_tools(&mut self) -> std::io::Result<Value> {
        self.send_request("tools/list", json!({}))
    }

    fn call_tool(&mut self, name: &str, arguments: Value) -> std::io::Result<Value> {
        self.send_request("tools/call", json!({ "name": name, "arguments": arguments }))
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let mut session = Session::start(&args[1])?;
    println!("{}", session.list_tools()?);
    if let Some(tool) = args.get(2) {
        println!("{}", session.call_tool(tool, json!({}))?);
    }
    Ok(())
}
