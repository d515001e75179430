//! A command-line client that sends one `addCartLine` call, for trying the server out.

use serde::{Deserialize, Serialize};

/// The request as the client builds it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddCartLineRequest {
    pub sku: String,
    pub quantity: u8,
}

fn main() {
    let request = AddCartLineRequest {
        sku: "MUG-BLUE".into(),
        quantity: 2,
    };
    println!("{}", serde_json::to_string(&request).unwrap());
}
