//! A read cache in front of the index: its methods take plain values, not a call's arguments.

#[derive(Default)]
pub struct CachedIndex {
    notes: Vec<String>,
}

impl CachedIndex {
    pub fn search_notes(&self, query: &str, limit: i64) -> Result<Vec<String>, String> {
        if limit > 500 {
            return Err("the cache holds at most 500 hits".to_string());
        }
        Ok(self
            .notes
            .iter()
            .filter(|n| n.contains(query))
            .take(limit as usize)
            .cloned()
            .collect())
    }

    pub fn find(&self, query: &str) -> Vec<String> {
        self.notes.iter().filter(|n| n.contains(query)).cloned().collect()
    }

    pub fn recent(&self, count: i64) -> Vec<String> {
        self.notes.iter().rev().take(count as usize).cloned().collect()
    }
}
