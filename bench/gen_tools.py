#!/usr/bin/env python3
"""Generate N synthetic agent tools: JSON manifests (tools/list files of 100 tools) and a
Rust crate with a serde input type, a validator and a handler per tool. Most contracts are
correct; every 10th has a planted defect so the rules have work to do.

usage: gen_tools.py N OUT_DIR
"""
import json
import os
import sys

def tool(i):
    maximum = 5 + i % 20
    planted = i % 10 == 0
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "sku": {"type": "string", "description": "Product code.", "minLength": 1, "maxLength": 40},
            "quantity": {
                "type": "integer",
                "description": f"Number of items, from 1 through {maximum}.",
                "minimum": 1,
                "maximum": maximum,
            },
            "giftWrap": {"type": "boolean", "description": "Wrap the items as a gift."},
        },
        "required": ["sku", "quantity"],
        "additionalProperties": planted,
    }
    return {
        "name": f"addLine{i}",
        "description": f"Adds up to {maximum} items of a product to basket {i}.",
        "annotations": {"readOnlyHint": False, "destructiveHint": False},
        "inputSchema": schema,
    }, maximum, planted

RUST_TOOL = '''
/// Input of `addLine{i}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AddLine{i}Input {{
    /// Product code.
    pub sku: String,
    /// Number of items, from 1 through {maximum}.
    pub quantity: u32,
    /// Wrap the items as a gift.
    #[serde(default)]
    pub gift_wrap: bool,
}}

pub fn validate_add_line{i}(input: &AddLine{i}Input) -> Result<(), String> {{
    if input.sku.is_empty() || input.sku.len() > 40 {{
        return Err("sku must be 1 to 40 characters".into());
    }}
    if !(1..={check_max}).contains(&input.quantity) {{
        return Err("quantity must be from 1 through {maximum}".into());
    }}
    Ok(())
}}

pub fn handle_add_line{i}(basket: &mut Basket, input: AddLine{i}Input) -> Result<(), String> {{
    validate_add_line{i}(&input)?;
    basket.lines.push((input.sku, input.quantity));
    Ok(())
}}
'''

def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(os.path.join(out, "tools"), exist_ok=True)
    os.makedirs(os.path.join(out, "src", "tools"), exist_ok=True)
    with open(os.path.join(out, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "synthetic-shop"\nversion = "0.1.0"\nedition = "2021"\n\n'
                '[dependencies]\nserde = { version = "1", features = ["derive"] }\nschemars = "1"\n')
    modules = []
    for start in range(0, n, 100):
        batch = [tool(i) for i in range(start, min(n, start + 100))]
        with open(os.path.join(out, "tools", f"tools-{start // 100:04}.json"), "w") as f:
            json.dump({"tools": [t for t, _, _ in batch]}, f, indent=2)
        name = f"batch_{start // 100:04}"
        modules.append(name)
        with open(os.path.join(out, "src", "tools", f"{name}.rs"), "w") as f:
            f.write("use crate::Basket;\nuse schemars::JsonSchema;\nuse serde::Deserialize;\n")
            for i in range(start, min(n, start + 100)):
                _, maximum, planted = tool(i)
                f.write(RUST_TOOL.format(i=i, maximum=maximum, check_max=maximum * 2 if planted else maximum))
    with open(os.path.join(out, "src", "tools", "mod.rs"), "w") as f:
        f.writelines(f"pub mod {m};\n" for m in modules)
    with open(os.path.join(out, "src", "lib.rs"), "w") as f:
        f.write("pub mod tools;\n\n#[derive(Default)]\npub struct Basket {\n    pub lines: Vec<(String, u32)>,\n}\n")

if __name__ == "__main__":
    main()
