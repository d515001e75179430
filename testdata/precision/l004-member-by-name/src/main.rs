fn main() {
    notes_mcp_server::run();
}
