//! The photo library the tools read.

pub enum Sort {
    Taken,
    Name,
    Size,
}

pub enum Layout {
    Grid,
    List,
}

#[derive(Default)]
pub struct Library {
    pub photos: Vec<(String, u64)>,
}

impl Library {
    pub fn list(&self, sort: Sort, layout: Layout) -> String {
        let mut names: Vec<&(String, u64)> = self.photos.iter().collect();
        match sort {
            Sort::Taken => {}
            Sort::Name => names.sort_by(|a, b| a.0.cmp(&b.0)),
            Sort::Size => names.sort_by_key(|p| p.1),
        }
        let sep = match layout {
            Layout::Grid => "  ",
            Layout::List => "\n",
        };
        names.iter().map(|p| p.0.as_str()).collect::<Vec<_>>().join(sep)
    }
}
