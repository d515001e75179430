//! The note store the tools read and change.

#[derive(Default)]
pub struct Notes {
    entries: Vec<(String, String, bool)>,
}

#[derive(Clone, Copy)]
pub enum Order {
    Newest,
    Oldest,
}

impl Notes {
    pub fn export_markdown(&self) -> String {
        self.entries.iter().map(|(t, b, _)| format!("# {t}\n{b}\n")).collect()
    }

    pub fn export_json(&self) -> String {
        format!("{} notes", self.entries.len())
    }

    pub fn titles(&self, order: Order) -> Vec<String> {
        let mut titles: Vec<String> = self.entries.iter().map(|(t, _, _)| t.clone()).collect();
        if let Order::Oldest = order {
            titles.reverse();
        }
        titles
    }

    pub fn tag(&mut self, title: &str, colour: &str) {
        for (t, b, _) in &mut self.entries {
            if t == title {
                b.push_str(&format!(" [{colour}]"));
            }
        }
    }

    pub fn archive(&mut self, scope: &str) -> usize {
        let before = self.entries.len();
        self.entries.retain(|(_, _, read)| scope == "read" && !read);
        before - self.entries.len()
    }
}
