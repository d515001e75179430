#!/usr/bin/env python3
"""Write a stress tree for the schema reader's memory: MANIFESTS tool manifests, each with
PROPS properties that `$ref` one `$defs` entry (every other one with a `description` beside
the `$ref`, as schemars 1 writes it). The entry is an object with three properties (`object`,
the default: expanding 40,000 uses passes the 100,000-node budget, S007) or a string (`leaf`:
every use is read). Measure with
`/usr/bin/time -v target/debug/contractlint check DIR --format json -o /dev/null`.

usage: scripts/ref-stress.py DIR [MANIFESTS=20] [PROPS=40000] [object|leaf]
"""
import json
import os
import sys

out = sys.argv[1]
manifests = int(sys.argv[2]) if len(sys.argv) > 2 else 20
props = int(sys.argv[3]) if len(sys.argv) > 3 else 40000
kind = sys.argv[4] if len(sys.argv) > 4 else "object"
os.makedirs(out, exist_ok=True)
sku = {"type": "string", "description": "Stock keeping unit.", "pattern": "^[A-Z0-9-]+$", "minLength": 3, "maxLength": 32}
line = {
    "type": "object",
    "description": "One order line: the product and how many of it.",
    "additionalProperties": False,
    "required": ["sku", "quantity"],
    "properties": {
        "sku": sku,
        "quantity": {"type": "integer", "description": "How many, from 1 through 99.", "minimum": 1, "maximum": 99},
        "unit": {"type": "string", "description": "Packaging unit.", "enum": ["piece", "box", "pallet"]},
    },
}
for m in range(manifests):
    properties = {}
    for p in range(props):
        ref = {"$ref": "#/$defs/line"}
        if p % 2:
            ref["description"] = f"Line {p}."
        properties[f"line{p}"] = ref
    tool = {
        "name": f"bulkOrder{m}",
        "description": "Places a bulk order.",
        "inputSchema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "additionalProperties": False,
            "properties": properties,
            "$defs": {"line": line if kind == "object" else sku},
        },
    }
    with open(os.path.join(out, f"bulk{m}.json"), "w") as f:
        json.dump(tool, f)
