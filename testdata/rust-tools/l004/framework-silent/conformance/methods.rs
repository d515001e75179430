//! Conformance tests: the methods every server answers.

fn is_spec_method(method: &str) -> bool {
    matches!(method, "initialize" | "tools/list" | "tools/call" | "ping")
}

#[test]
fn lists_the_tools_methods() {
    assert!(is_spec_method("tools/call"));
}
