use std::collections::HashMap;
use std::sync::RwLock;
use std::time::Instant;

pub struct Session {
    key: String,
    last_active: Instant,
}

/// Login sessions; looking one up refreshes its last use.
pub struct SessionStore {
    sessions: RwLock<HashMap<String, Session>>,
}

impl SessionStore {
    pub fn get(&self, id: &str) -> Option<String> {
        let mut sessions = self.sessions.write().ok()?;
        let session = sessions.get_mut(id)?;
        session.last_active = Instant::now();
        Some(session.key.clone())
    }
}

/// A cached setting.
pub struct Setting {
    value: String,
}

impl Setting {
    pub fn get(&self) -> &str {
        &self.value
    }
}
