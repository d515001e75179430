// Metamorphic: named format arguments instead of positional ones
//! The hosted API's client.

pub struct ApiClient {
    pub base: String,
    pub http: reqwest::Client,
}

impl ApiClient {
    /// One page of workouts, as the API's JSON text.
    pub async fn workouts(&self, page: u32, page_size: u32, days: u32) -> Result<String, String> {
        let url = format!(
            "{}/v1/workouts?page={p}&pageSize={n}&days={d}",
            self.base,
            p = page,
            n = page_size,
            d = days
        );
        let res = self.http.get(&url).send().await.map_err(|e| e.to_string())?;
        res.text().await.map_err(|e| e.to_string())
    }
}
