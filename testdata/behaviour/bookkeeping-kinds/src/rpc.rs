//! A minimal RPC client: requests are matched to answers by id.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

type Pending = Mutex<HashMap<u64, oneshot::Sender<String>>>;

pub struct RpcClient {
    next_id: AtomicU64,
    labels: Mutex<HashMap<String, String>>,
}

impl RpcClient {
    pub fn new() -> RpcClient {
        RpcClient {
            next_id: AtomicU64::new(1),
            labels: Mutex::new(HashMap::new()),
        }
    }

    /// Open a connection, log in on it, then send `method` and wait for its answer.
    pub async fn call(&self, method: &str) -> Result<String, String> {
        let pending: Arc<Pending> = Arc::new(Mutex::new(HashMap::new()));
        let login_id = self.next_id.fetch_add(1, Ordering::SeqCst);
        send_direct(&pending, login_id, "daemon.login").await?;
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        send_direct(&pending, id, method).await
    }

    /// Pin a label on a job; every later call sees it.
    pub fn pin_label(&self, job: &str, label: &str) {
        self.labels.lock().unwrap().insert(job.to_string(), label.to_string());
    }
}

/// Send one request on a connection's pending table and wait for its answer.
async fn send_direct(pending: &Arc<Pending>, id: u64, method: &str) -> Result<String, String> {
    let (tx, rx) = oneshot::channel();
    pending.lock().unwrap().insert(id, tx);
    send_frame(id, method);
    rx.await.map_err(|_| format!("request {id} was dropped"))
}

fn send_frame(_id: u64, _method: &str) {}
