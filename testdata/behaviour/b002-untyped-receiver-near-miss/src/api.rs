use serde_json::{Value, json};

pub struct WikiClient {
    http: reqwest::Client,
    base: String,
}

impl WikiClient {
    pub fn new(base: &str) -> WikiClient {
        WikiClient { http: reqwest::Client::new(), base: base.to_string() }
    }

    /// The page's text, fetched with a GET.
    pub async fn page(&self, title: &str) -> Result<Value, String> {
        let url = format!("{}/pages/{title}", self.base);
        let text = self
            .http
            .get(&url)
            .send()
            .await
            .map_err(|e| e.to_string())?
            .text()
            .await
            .map_err(|e| e.to_string())?;
        Ok(json!({"content": [{"type": "text", "text": text}]}))
    }
}
