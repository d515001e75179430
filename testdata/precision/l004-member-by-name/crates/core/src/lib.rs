//! Note storage shared by the server; it declares no tool.

pub struct Notes {
    pub items: Vec<String>,
}

impl Notes {
    pub fn titles(&self) -> Vec<String> {
        self.items.clone()
    }
}
