//! The board's store: drafts kept until published, uploads copied into one folder.

use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Clone, Default)]
pub struct Draft {
    pub title: String,
    pub images: Vec<String>,
}

impl Draft {
    pub fn new(title: &str) -> Draft {
        Draft {
            title: title.to_string(),
            images: Vec::new(),
        }
    }
}

pub struct Board {
    root: PathBuf,
    drafts: HashMap<u64, Draft>,
    next: u64,
}

impl Board {
    pub fn open(root: &str) -> Board {
        Board {
            root: PathBuf::from(root),
            drafts: HashMap::new(),
            next: 1,
        }
    }

    pub fn stage(&mut self, draft: Draft) -> u64 {
        let id = self.next;
        self.next += 1;
        self.drafts.insert(id, draft);
        id
    }

    pub fn draft(&self, id: u64) -> Option<Draft> {
        self.drafts.get(&id).cloned()
    }

    /// An album holds one to twelve images.
    pub fn publish(&mut self, draft: &Draft) -> Result<String, String> {
        if draft.images.is_empty() || draft.images.len() > 12 {
            return Err("an album holds 1 to 12 images".to_string());
        }
        let path = self.root.join("albums").join(&draft.title);
        std::fs::write(&path, draft.images.join("\n")).map_err(|e| e.to_string())?;
        Ok(path.display().to_string())
    }

    pub fn upload(&mut self, from: &str) -> Result<String, String> {
        let name = std::path::Path::new(from)
            .file_name()
            .ok_or_else(|| format!("not a file: {from}"))?;
        let to = self.root.join("uploads").join(name);
        std::fs::copy(from, &to).map_err(|e| e.to_string())?;
        Ok(to.display().to_string())
    }

    pub fn retag(&mut self, album: &str, tags: &str) -> Result<(), String> {
        let path = self.root.join("tags").join(album);
        std::fs::write(path, tags).map_err(|e| e.to_string())
    }
}
