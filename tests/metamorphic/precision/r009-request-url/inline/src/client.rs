// Metamorphic: the URL built inline as the request's argument instead of bound to a local
//! The hosted API's client.

pub struct ApiClient {
    pub base: String,
    pub http: reqwest::Client,
}

impl ApiClient {
    /// One page of workouts, as the API's JSON text.
    pub async fn workouts(&self, page: u32, page_size: u32, days: u32) -> Result<String, String> {
        let res = self
            .http
            .get(&format!(
                "{}/v1/workouts?page={}&pageSize={}&days={}",
                self.base, page, page_size, days
            ))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        res.text().await.map_err(|e| e.to_string())
    }
}
