//! The print options the shop offers, parsed from the names the tools receive.

#[derive(Debug, Clone, Copy)]
pub enum Paper {
    A4,
    A3,
    Letter,
}

impl Paper {
    /// The paper of a name, if the shop stocks it.
    pub fn parse(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "a3" => Some(Paper::A3),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub enum Binding {
    Staple,
    Spiral,
}

/// The binding of a name; `None` for one the shop does not do.
pub fn binding(name: &str) -> Option<Binding> {
    match name {
        "staple" => Some(Binding::Staple),
        "spiral" => Some(Binding::Spiral),
        _ => None,
    }
}

/// Whether the finishing machine knows `finish`.
pub fn is_known_finish(finish: &str) -> bool {
    matches!(finish, "matte" | "gloss")
}
