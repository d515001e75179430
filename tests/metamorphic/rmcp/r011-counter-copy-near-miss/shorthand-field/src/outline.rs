// Metamorphic: the struct takes a borrow bound first, by field shorthand
//! Rendering an outline under a node budget: the budget is a copy of the caller's limit
//! that counts down as nodes are written, so reaching zero means "stop", not "no limit".

pub struct Node {
    pub title: String,
    pub children: Vec<Node>,
}

pub struct Render<'a> {
    pub budget: &'a mut usize,
    pub lines: Vec<String>,
}

/// Writes `node` and its children, depth first, while the budget lasts.
pub fn render(node: &Node, depth: usize, state: &mut Render<'_>) {
    *state.budget -= 1;
    state.lines.push(format!("{}{}", "  ".repeat(depth), node.title));
    for child in &node.children {
        if *state.budget == 0 {
            state.lines.push(format!("{}…", "  ".repeat(depth + 1)));
            return;
        }
        render(child, depth + 1, state);
    }
}

/// The outline of `root` in at most `max_nodes` lines.
pub fn outline_of(root: &Node, max_nodes: usize) -> Result<String, String> {
    let lines = walk(root, max_nodes)?;
    Ok(lines.join("\n"))
}

fn walk(root: &Node, max_nodes: usize) -> Result<Vec<String>, String> {
    check_budget(max_nodes)?;
    let mut copy = max_nodes;
    let budget = &mut copy;
    let mut state = Render {
        budget,
        lines: Vec::new(),
    };
    render(root, 0, &mut state);
    Ok(state.lines)
}

fn check_budget(nodes: usize) -> Result<(), String> {
    crate::server::check_limit(nodes, 1, 512, "max_nodes")
}
