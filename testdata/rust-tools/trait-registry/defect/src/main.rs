mod ping;
mod tool;

fn main() {
    let _ = ping::PingTool;
}
