//! The photo library the tools read.

pub enum Sort {
    Taken,
    Name,
    Field(String),
}

#[derive(Default)]
pub struct Library {
    pub photos: Vec<(String, u64)>,
}

impl Library {
    pub fn list(&self, sort: Sort, sep: &str) -> String {
        let mut names: Vec<&(String, u64)> = self.photos.iter().collect();
        match sort {
            Sort::Taken => {}
            Sort::Name => names.sort_by(|a, b| a.0.cmp(&b.0)),
            Sort::Field(_) => names.sort_by_key(|p| p.1),
        }
        names.iter().map(|p| p.0.as_str()).collect::<Vec<_>>().join(sep)
    }

    pub fn album(&self, name: &str) -> Option<String> {
        self.photos.iter().find(|p| p.0 == name).map(|p| p.0.clone())
    }
}
