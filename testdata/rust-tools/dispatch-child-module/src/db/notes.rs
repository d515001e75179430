use super::Store;

/// Stores a note and returns its position.
pub fn add_note(store: &mut Store, text: &str, pinned: bool) -> usize {
    if pinned {
        store.notes.insert(0, text.to_string());
        0
    } else {
        store.notes.push(text.to_string());
        store.notes.len() - 1
    }
}
