pub mod notes;

#[derive(Default)]
pub struct Store {
    pub notes: Vec<String>,
}
