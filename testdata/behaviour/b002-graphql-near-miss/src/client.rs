//! The issue tracker's GraphQL API: every request, query or mutation, is a POST.

use serde::Serialize;

const API_URL: &str = "https://api.tracker.example/graphql";

pub const LIST_PROJECTS: &str = "query Projects($first: Int!) { projects(first: $first) { nodes { id name } } }";

pub const CREATE_PROJECT: &str = "mutation Create($name: String!) { projectCreate(input: { name: $name }) { success } }";

#[derive(Serialize)]
struct Request<'a> {
    query: &'a str,
    variables: serde_json::Value,
}

pub struct Client {
    http: reqwest::Client,
}

impl Client {
    /// Send one GraphQL document and return the response body.
    pub async fn execute(&self, query: &str, variables: serde_json::Value) -> Result<String, String> {
        let response = self
            .http
            .post(API_URL)
            .json(&Request { query, variables })
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("HTTP {}", response.status()));
        }
        response.text().await.map_err(|e| e.to_string())
    }

    /// The same through a base URL from the configuration.
    pub async fn execute_at(&self, base: &str, query: &str) -> Result<String, String> {
        let response = self
            .http
            .post(format!("{base}/graphql"))
            .json(&Request { query, variables: serde_json::Value::Null })
            .send()
            .await
            .map_err(|e| e.to_string())?;
        response.text().await.map_err(|e| e.to_string())
    }
}
