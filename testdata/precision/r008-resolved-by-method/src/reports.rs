//! The report API behind the tools.

pub struct Reports {
    default_location: Option<i64>,
}

impl Reports {
    pub async fn transactions(&self, start: &str, location: Vec<i64>) -> Result<Vec<String>, String> {
        let location = self.resolve_locations(location).await?;
        let zone = shared_time_zone(&location)?;
        Ok(location
            .iter()
            .map(|id| format!("{id}: transactions since {start} ({zone})"))
            .collect())
    }

    /// The locations asked for, or the account's default when none was.
    async fn resolve_locations(&self, locations: Vec<i64>) -> Result<Vec<i64>, String> {
        if !locations.is_empty() {
            return Ok(locations);
        }
        match self.default_location {
            Some(id) => Ok(vec![id]),
            None => Err("no location given and the account has no default".to_string()),
        }
    }
}

fn shared_time_zone(location_ids: &[i64]) -> Result<String, String> {
    if location_ids.is_empty() {
        return Err("at least one location is required".to_string());
    }
    Ok("Europe/Berlin".to_string())
}
