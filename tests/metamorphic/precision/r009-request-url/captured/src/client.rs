// Metamorphic: locals captured by name in the format string instead of passed as arguments
//! The hosted API's client.

pub struct ApiClient {
    pub base: String,
    pub http: reqwest::Client,
}

impl ApiClient {
    /// One page of workouts, as the API's JSON text.
    pub async fn workouts(&self, page: u32, page_size: u32, days: u32) -> Result<String, String> {
        let base = &self.base;
        let url = format!("{base}/v1/workouts?page={page}&pageSize={page_size}&days={days}");
        let res = self.http.get(&url).send().await.map_err(|e| e.to_string())?;
        res.text().await.map_err(|e| e.to_string())
    }
}
