//! A sandbox MCP server for the findFoldingTable scenario (stdio, rmcp's server side): the
//! seed's synthetic catalogue (FT-A fits, FT-B is too thick folded, FT-C's folded thickness
//! is unknown), a basket the read-only search must not touch, `getSandbox` to read both,
//! `hideProduct` to take one product out of the catalogue and `resetSandbox` to restore them.
//!
//! usage: sandbox_folding [--without FT-A] [--outage]
//!            [--variant correct|outage-no-match|writes-basket|compares-tabletop|strict-less|unknown-as-zero]
//!
//! `--without FT-A` removes the valid product (the fallback case); `--outage` makes the
//! catalogue unavailable, which a correct build reports as `catalogue_unavailable` and the
//! `outage-no-match` variant wrongly reports as `no_match`; `writes-basket` adds the first
//! match to the basket, a read-only search that changes state. The seed's other defects:
//! `compares-tabletop` compares the tabletop's thickness instead of the folded one,
//! `strict-less` excludes a table exactly at the limit (`<`), `unknown-as-zero` takes an
//! unknown folded thickness for 0. `simulateOutage` makes the catalogue unavailable until
//! the next `resetSandbox`, so a run can try the outage without another server, and
//! `hideProduct` removes a product until then (the seed's "same request with FT-A removed").

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use std::sync::Mutex;

const SNAPSHOT: &str = "synthetic-2026-10-16";
const FIELDS: &[&str] = &[
    "category",
    "minOpenWidthMm",
    "maxFoldedThicknessMm",
    "stockRequired",
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Correct,
    OutageNoMatch,
    WritesBasket,
    ComparesTabletop,
    StrictLess,
    UnknownAsZero,
}

struct Product {
    id: &'static str,
    open_width_mm: i64,
    folded_thickness_mm: Option<i64>,
    tabletop_thickness_mm: i64,
    in_stock: bool,
}

const PRODUCTS: &[Product] = &[
    Product {
        id: "FT-A",
        open_width_mm: 1200,
        folded_thickness_mm: Some(70),
        tabletop_thickness_mm: 30,
        in_stock: true,
    },
    Product {
        id: "FT-B",
        open_width_mm: 1200,
        folded_thickness_mm: Some(95),
        tabletop_thickness_mm: 30,
        in_stock: true,
    },
    Product {
        id: "FT-C",
        open_width_mm: 1400,
        folded_thickness_mm: None,
        tabletop_thickness_mm: 30,
        in_stock: true,
    },
];

struct Shop {
    variant: Variant,
    outage: bool,
    /// Set by `simulateOutage`, cleared by `resetSandbox`.
    simulated_outage: Mutex<bool>,
    without: Vec<String>,
    /// Products taken out by `--without` and `hideProduct`; the catalogue is the rest.
    hidden: Mutex<Vec<String>>,
    basket: Mutex<Vec<String>>,
}

fn invalid(code: &str, field: &str, message: &str) -> CallToolResult {
    CallToolResult::structured_error(json!({
        "status": "invalid_request",
        "code": code,
        "field": field,
        "message": message,
    }))
}

impl Shop {
    fn listed(&self, p: &Product) -> bool {
        !self.hidden.lock().expect("lock").iter().any(|h| h == p.id)
    }

    fn state(&self) -> Value {
        let catalogue: Vec<&str> = PRODUCTS
            .iter()
            .filter(|p| self.listed(p))
            .map(|p| p.id)
            .collect();
        json!({
            "catalogue": catalogue,
            "basket": *self.basket.lock().expect("lock"),
        })
    }

    fn integer(args: &Map<String, Value>, field: &str) -> Result<i64, Box<CallToolResult>> {
        match args.get(field) {
            None => Err(Box::new(invalid(
                "MISSING_FIELD",
                field,
                "This field is required.",
            ))),
            Some(v) => match v.as_i64() {
                None => Err(Box::new(invalid(
                    "INVALID_TYPE",
                    field,
                    "Millimetres are an integer.",
                ))),
                Some(n) if n < 0 => Err(Box::new(invalid(
                    "OUT_OF_RANGE",
                    field,
                    "Millimetres cannot be negative.",
                ))),
                Some(n) => Ok(n),
            },
        }
    }

    fn find(&self, args: &Map<String, Value>) -> CallToolResult {
        if let Some(extra) = args.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return invalid("UNKNOWN_FIELD", extra, "This field is not accepted.");
        }
        match args.get("category") {
            None => return invalid("MISSING_FIELD", "category", "category is required."),
            Some(Value::String(c)) if c == "folding_table" => {}
            Some(Value::String(_)) => {
                return invalid(
                    "INVALID_VALUE",
                    "category",
                    "Only folding_table is searched.",
                );
            }
            Some(_) => return invalid("INVALID_TYPE", "category", "category is a string."),
        }
        let width = match Self::integer(args, "minOpenWidthMm") {
            Ok(w) => w,
            Err(e) => return *e,
        };
        let folded = match Self::integer(args, "maxFoldedThicknessMm") {
            Ok(f) => f,
            Err(e) => return *e,
        };
        let stock = match args.get("stockRequired") {
            None => {
                return invalid(
                    "MISSING_FIELD",
                    "stockRequired",
                    "stockRequired is required.",
                );
            }
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return invalid(
                    "INVALID_TYPE",
                    "stockRequired",
                    "stockRequired is a boolean.",
                );
            }
        };
        if self.outage || *self.simulated_outage.lock().expect("lock") {
            return if self.variant == Variant::OutageNoMatch {
                CallToolResult::structured(json!({
                    "status": "no_match", "catalogueSnapshot": SNAPSHOT, "matches": [], "nearMatches": [],
                }))
            } else {
                CallToolResult::structured_error(json!({
                    "status": "catalogue_unavailable",
                    "code": "CATALOGUE_UNAVAILABLE",
                    "message": "The catalogue could not be read; this is not an empty result.",
                }))
            };
        }
        let mut matches = Vec::new();
        let mut near = Vec::new();
        for p in PRODUCTS.iter().filter(|p| self.listed(p)) {
            let base = json!({
                "productId": p.id,
                "category": "folding_table",
                "openWidthMm": p.open_width_mm,
                "foldedThicknessMm": p.folded_thickness_mm,
                "inStock": p.in_stock,
                "productPath": format!("/products/{}", p.id),
            });
            let wide = p.open_width_mm >= width;
            if !wide || (stock && !p.in_stock) {
                continue;
            }
            let fits = match self.variant {
                Variant::ComparesTabletop => p.tabletop_thickness_mm <= folded,
                Variant::UnknownAsZero => p.folded_thickness_mm.unwrap_or(0) <= folded,
                Variant::StrictLess => matches!(p.folded_thickness_mm, Some(t) if t < folded),
                _ => match p.folded_thickness_mm {
                    Some(t) => t <= folded,
                    None => false,
                },
            };
            match (fits, p.folded_thickness_mm) {
                (true, _) => {
                    let mut m = base;
                    m["evidenceRefs"] = json!([
                        format!("{}:dimensions", p.id),
                        format!("{}:availability", p.id)
                    ]);
                    matches.push(m);
                }
                (false, Some(t)) => {
                    let mut m = base;
                    m["reason"] = json!(format!("foldedThicknessMm {t} exceeds {folded}"));
                    near.push(m);
                }
                (false, None) => {
                    let mut m = base;
                    m["reason"] = json!("foldedThicknessMm unknown");
                    near.push(m);
                }
            }
        }
        if self.variant == Variant::WritesBasket
            && let Some(id) = matches.first().and_then(|m| m["productId"].as_str())
        {
            self.basket.lock().expect("lock").push(id.to_string());
        }
        let status = if matches.is_empty() { "no_match" } else { "ok" };
        CallToolResult::structured(json!({
            "status": status,
            "catalogueSnapshot": SNAPSHOT,
            "matches": matches,
            "nearMatches": near,
        }))
    }
}

fn tools() -> Vec<Tool> {
    let tools = json!([
        {
            "name": "findFoldingTable",
            "description": "Finds in-stock folding tables whose open width and folded thickness fit the request. Reads the catalogue only; never changes the basket.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "category": {"const": "folding_table"},
                    "minOpenWidthMm": {"type": "integer", "minimum": 0},
                    "maxFoldedThicknessMm": {"type": "integer", "minimum": 0, "description": "Total thickness with the table folded for storage."},
                    "stockRequired": {"type": "boolean"}
                },
                "required": ["category", "minOpenWidthMm", "maxFoldedThicknessMm", "stockRequired"],
                "additionalProperties": false,
                "examples": [{"category": "folding_table", "minOpenWidthMm": 1200, "maxFoldedThicknessMm": 80, "stockRequired": true}]
            },
            "annotations": {"readOnlyHint": true}
        },
        {
            "name": "getSandbox",
            "description": "Reads the sandbox catalogue and basket. Changes nothing.",
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
            "annotations": {"readOnlyHint": true}
        },
        {
            "name": "simulateOutage",
            "description": "Makes the sandbox catalogue unavailable until the next resetSandbox.",
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
            "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": true}
        },
        {
            "name": "hideProduct",
            "description": "Takes one product out of the sandbox catalogue until the next resetSandbox.",
            "inputSchema": {
                "type": "object",
                "properties": {"productId": {"type": "string", "description": "The product to take out, e.g. FT-A."}},
                "required": ["productId"],
                "additionalProperties": false
            },
            "annotations": {"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true}
        },
        {
            "name": "resetSandbox",
            "description": "Restores the sandbox catalogue and empties the basket.",
            "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
            "annotations": {"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true}
        }
    ]);
    serde_json::from_value(tools).expect("the tool list is valid")
}

impl ServerHandler for Shop {
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
        let args = request.arguments.unwrap_or_default();
        let result = match request.name.as_ref() {
            "findFoldingTable" => self.find(&args),
            "getSandbox" => CallToolResult::structured(self.state()),
            "simulateOutage" => {
                *self.simulated_outage.lock().expect("lock") = true;
                CallToolResult::structured(json!({"status": "outage"}))
            }
            "hideProduct" => match args.get("productId").and_then(Value::as_str) {
                Some(id) if PRODUCTS.iter().any(|p| p.id == id) => {
                    self.hidden.lock().expect("lock").push(id.to_string());
                    CallToolResult::structured(json!({"status": "hidden", "productId": id}))
                }
                _ => invalid("UNKNOWN_PRODUCT", "productId", "No such product."),
            },
            "resetSandbox" => {
                *self.simulated_outage.lock().expect("lock") = false;
                *self.hidden.lock().expect("lock") = self.without.clone();
                self.basket.lock().expect("lock").clear();
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

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut variant = Variant::Correct;
    let mut outage = false;
    let mut without = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--outage" => outage = true,
            "--without" => without.push(args.next().ok_or("--without needs a product id")?),
            "--variant" => {
                variant = match args.next().as_deref() {
                    Some("correct") => Variant::Correct,
                    Some("outage-no-match") => Variant::OutageNoMatch,
                    Some("writes-basket") => Variant::WritesBasket,
                    Some("compares-tabletop") => Variant::ComparesTabletop,
                    Some("strict-less") => Variant::StrictLess,
                    Some("unknown-as-zero") => Variant::UnknownAsZero,
                    other => return Err(format!("unknown variant {other:?}").into()),
                }
            }
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let shop = Shop {
        variant,
        outage,
        simulated_outage: Mutex::new(false),
        hidden: Mutex::new(without.clone()),
        without,
        basket: Mutex::new(Vec::new()),
    };
    shop.serve(rmcp::transport::stdio())
        .await?
        .waiting()
        .await?;
    Ok(())
}
