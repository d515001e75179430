// Metamorphic: the default kept by an account book the reports hold, resolved by its method: the same list replaced before the check
//! The report API behind the tools.

pub struct Reports {
    accounts: Accounts,
}

pub struct Accounts {
    default_location: Option<i64>,
}

impl Accounts {
    /// The locations asked for, or the account's default when none was.
    pub async fn resolve(&self, locations: Vec<i64>) -> Result<Vec<i64>, String> {
        if !locations.is_empty() {
            return Ok(locations);
        }
        match self.default_location {
            Some(id) => Ok(vec![id]),
            None => Err("no location given and the account has no default".to_string()),
        }
    }
}

impl Reports {
    pub async fn transactions(&self, start: &str, location: Vec<i64>) -> Result<Vec<String>, String> {
        let location = self.accounts.resolve(location).await?;
        let zone = shared_time_zone(&location)?;
        Ok(location
            .iter()
            .map(|id| format!("{id}: transactions since {start} ({zone})"))
            .collect())
    }
}

fn shared_time_zone(location_ids: &[i64]) -> Result<String, String> {
    if location_ids.is_empty() {
        return Err("at least one location is required".to_string());
    }
    Ok("Europe/Berlin".to_string())
}
