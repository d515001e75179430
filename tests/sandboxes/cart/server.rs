//! A sandbox MCP server for the addCartLine scenario (stdio, rmcp's server side): a
//! synthetic catalogue holding `MUG-BLUE`, an in-memory cart that `resetCart` empties and
//! `getCart` reads. `contractlint cases addCartLine --run -- <this binary>` executes the
//! failure-case table against it (tests/cases_run.rs).
//!
//! usage: sandbox_cart [--variant correct|default-quantity|write-before-check|coerce-string|
//!                               stores-one|no-reset]
//!                     [--misbehave hang-on-call|exit-after-calls=N|garbage-stdout]
//!                     [--http 127.0.0.1:PORT]
//!
//! `--http` serves streamable HTTP at `http://ADDR/mcp` instead of stdio (port 0: any free
//! one) and prints that URL as its first stdout line; every session shares the one cart.
//!
//! The variants are the realistic defects of the seed: a missing quantity defaults to 1, the
//! line is written before the catalogue check (an unknown product changes the cart),
//! `"2"` is coerced to 2, every line is stored with quantity 1 whatever was asked
//! (`stores-one`), and `resetCart` answers "reset" but leaves the cart as it is
//! (`no-reset`). `--misbehave` makes the server hang, crash mid-table or print
//! garbage on stdout, so the runner's failure handling can be tested.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

const CATALOGUE: &[&str] = &["MUG-BLUE"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Correct,
    DefaultQuantity,
    WriteBeforeCheck,
    CoerceString,
    StoresOne,
    NoReset,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Misbehave {
    None,
    HangOnCall,
    ExitAfterCalls(usize),
    GarbageStdout,
}

/// Cloned per HTTP session; the counters and the cart are shared.
#[derive(Clone)]
struct Cart {
    variant: Variant,
    misbehave: Misbehave,
    calls: Arc<AtomicUsize>,
    /// sku → quantity, in insertion order.
    lines: Arc<Mutex<Vec<(String, i64)>>>,
}

/// A rejection in the seed's shape: the code and field an agent can branch on.
fn rejected(code: &str, field: &str, message: &str) -> CallToolResult {
    CallToolResult::structured_error(json!({
        "status": "rejected",
        "code": code,
        "field": field,
        "message": message,
        "mutation": "not_applied",
    }))
}

impl Cart {
    fn snapshot(&self) -> Value {
        let lines = self.lines.lock().expect("cart lock");
        let lines: Vec<Value> = lines
            .iter()
            .map(|(sku, q)| json!({"sku": sku, "quantity": q}))
            .collect();
        json!({ "lines": lines })
    }

    fn write(&self, sku: &str, quantity: i64) {
        let quantity = if self.variant == Variant::StoresOne {
            1
        } else {
            quantity
        };
        let mut lines = self.lines.lock().expect("cart lock");
        match lines.iter_mut().find(|(s, _)| s == sku) {
            Some((_, q)) => *q += quantity,
            None => lines.push((sku.to_string(), quantity)),
        }
    }

    // contractlint: allow(R009) the range check below reads `quantity` after the variants
    // rebind it through a `match`, which the analysis does not follow: a known limitation.
    fn add_cart_line(&self, args: &Map<String, Value>) -> CallToolResult {
        if let Some(extra) = args.keys().find(|k| *k != "sku" && *k != "quantity") {
            return rejected(
                "UNKNOWN_FIELD",
                extra,
                "Only sku and quantity are accepted.",
            );
        }
        let Some(sku) = args.get("sku") else {
            return rejected("MISSING_FIELD", "sku", "A product code (sku) is required.");
        };
        let Some(sku) = sku.as_str() else {
            return rejected("INVALID_TYPE", "sku", "sku must be a string.");
        };
        let quantity = match args.get("quantity") {
            None if self.variant == Variant::DefaultQuantity => json!(1),
            None => {
                return rejected(
                    "MISSING_FIELD",
                    "quantity",
                    "Ask the user how many items to add.",
                );
            }
            Some(Value::String(s)) if self.variant == Variant::CoerceString => {
                // contractlint: allow(R006) the coerce-string variant's defect, on purpose
                match s.parse::<i64>() {
                    Ok(n) => json!(n),
                    Err(_) => json!(s),
                }
            }
            Some(q) => q.clone(),
        };
        let Some(quantity) = quantity.as_i64() else {
            return rejected(
                "INVALID_TYPE",
                "quantity",
                "Quantity must be an integer from 1 through 5.",
            );
        };
        if !(1..=5).contains(&quantity) {
            return CallToolResult::structured_error(json!({
                "status": "rejected",
                "code": "OUT_OF_RANGE",
                "field": "quantity",
                "message": "Quantity must be an integer from 1 through 5.",
                "minimum": 1,
                "maximum": 5,
                "mutation": "not_applied",
                "nextAction": "request_valid_quantity",
            }));
        }
        if self.variant == Variant::WriteBeforeCheck {
            self.write(sku, quantity);
        }
        if !CATALOGUE.contains(&sku) {
            return rejected(
                "UNKNOWN_SKU",
                "sku",
                "This product is not in the catalogue.",
            );
        }
        if self.variant != Variant::WriteBeforeCheck {
            self.write(sku, quantity);
        }
        CallToolResult::structured(json!({
            "status": "added",
            "mutation": "applied",
            "cart": self.snapshot(),
        }))
    }
}

fn tools() -> Vec<Tool> {
    let tools = json!([
        {
            "name": "addCartLine",
            "description": "Adds one product line to the cart. Requires sku and an integer quantity from 1 through 5; changes the cart.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "sku": {"type": "string", "description": "Product code, e.g. MUG-BLUE."},
                    "quantity": {"type": "integer", "minimum": 1, "maximum": 5}
                },
                "required": ["sku", "quantity"],
                "additionalProperties": false,
                "examples": [{"sku": "MUG-BLUE", "quantity": 2}]
            },
            "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": false}
        },
        {
            "name": "getCart",
            "description": "Reads the cart. Changes nothing.",
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
            "annotations": {"readOnlyHint": true}
        },
        {
            "name": "resetCart",
            "description": "Empties the sandbox cart.",
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
            "annotations": {"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true}
        }
    ]);
    serde_json::from_value(tools).expect("the tool list is valid")
}

impl ServerHandler for Cart {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let n = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        match self.misbehave {
            Misbehave::HangOnCall if request.name == "addCartLine" => {
                std::future::pending::<()>().await;
            }
            Misbehave::ExitAfterCalls(limit) if n > limit => std::process::exit(3),
            Misbehave::GarbageStdout if request.name == "addCartLine" => {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "debug: adding {:?}", request.arguments);
                let _ = out.flush();
            }
            _ => {}
        }
        let args = request.arguments.unwrap_or_default();
        let result = match request.name.as_ref() {
            "addCartLine" => self.add_cart_line(&args),
            "getCart" => CallToolResult::structured(self.snapshot()),
            "resetCart" => {
                if self.variant != Variant::NoReset {
                    self.lines.lock().expect("cart lock").clear();
                }
                CallToolResult::structured(json!({"status": "reset"}))
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool `{other}`"),
                    None,
                ));
            }
        };
        Ok(result.into())
    }
}

fn parse_args() -> Result<(Variant, Misbehave, Option<String>), String> {
    let mut variant = Variant::Correct;
    let mut misbehave = Misbehave::None;
    let mut http = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().ok_or(format!("{a} needs a value"))?;
        match (a.as_str(), value.as_str()) {
            ("--variant", "correct") => variant = Variant::Correct,
            ("--variant", "default-quantity") => variant = Variant::DefaultQuantity,
            ("--variant", "write-before-check") => variant = Variant::WriteBeforeCheck,
            ("--variant", "coerce-string") => variant = Variant::CoerceString,
            ("--variant", "stores-one") => variant = Variant::StoresOne,
            ("--variant", "no-reset") => variant = Variant::NoReset,
            ("--misbehave", "hang-on-call") => misbehave = Misbehave::HangOnCall,
            ("--misbehave", "garbage-stdout") => misbehave = Misbehave::GarbageStdout,
            ("--misbehave", m) if m.starts_with("exit-after-calls=") => {
                let n = m["exit-after-calls=".len()..]
                    .parse()
                    .map_err(|_| format!("bad count in {m}"))?;
                misbehave = Misbehave::ExitAfterCalls(n);
            }
            ("--http", addr) => http = Some(addr.to_string()),
            _ => return Err(format!("unknown option {a} {value}")),
        }
    }
    Ok((variant, misbehave, http))
}

/// rmcp's streamable-HTTP service on `addr`, one hyper HTTP/1 connection task per client.
async fn serve_http(cart: Cart, addr: &str) -> Result<(), Box<dyn std::error::Error>> {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let service = StreamableHttpService::new(
        move || Ok(cart.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    println!("http://{}/mcp", listener.local_addr()?);
    loop {
        let (stream, _) = listener.accept().await?;
        let service = hyper_util::service::TowerToHyperService::new(service.clone());
        tokio::spawn(async move {
            let io = hyper_util::rt::TokioIo::new(stream);
            if let Err(e) = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, service)
                .await
            {
                eprintln!("sandbox_cart: connection: {e}");
            }
        });
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (variant, misbehave, http) = parse_args()?;
    let cart = Cart {
        variant,
        misbehave,
        calls: Arc::new(AtomicUsize::new(0)),
        lines: Arc::new(Mutex::new(Vec::new())),
    };
    if let Some(addr) = http {
        eprintln!("sandbox_cart: serving streamable HTTP on {addr}");
        return serve_http(cart, &addr).await;
    }
    eprintln!("sandbox_cart: serving on stdio");
    cart.serve(rmcp::transport::stdio())
        .await?
        .waiting()
        .await?;
    Ok(())
}
