//! A summary built up locally for one answer: its `&mut self` methods change the report,
//! not the shop.

#[derive(Debug, Default)]
pub struct Report {
    lines: Vec<String>,
    title: String,
}

impl Report {
    pub fn titled(mut self, title: &str) -> Self {
        self.title = title.to_string();
        self
    }

    pub fn add_line(&mut self, line: String) {
        self.lines.push(line);
    }

    pub fn render(&self) -> String {
        format!("{}\n{}", self.title, self.lines.join("\n"))
    }
}

/// Drops the products that are not in stock from a list the caller owns.
pub fn keep_in_stock(products: &mut Vec<crate::catalogue::Product>) {
    products.retain(|p| p.in_stock);
}
