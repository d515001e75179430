//! `notes-index help <tool>`: each tool's help text, picked by its name.

pub fn render_help(name: &str, color: bool) -> Option<String> {
    if name == "search_notes" {
        return Some(help_for("search_notes", "Full-text search over the notes index.", color));
    }
    if name == "recent_notes" {
        return Some(help_for("recent_notes", "The notes changed most recently.", color));
    }
    None
}

fn help_for(name: &str, summary: &str, color: bool) -> String {
    if color {
        format!("\u{1b}[1m{name}\u{1b}[0m  {summary}")
    } else {
        format!("{name}  {summary}")
    }
}
