// Catalogue tools written as plain definitions and turned into WebMCP tools by one helper.
const definitions = [
  {
    id: "findFoldingTable",
    summary: "Finds folding tables in the catalogue by seat count.",
    params: {
      seats: { type: "integer", minimum: 2, maximum: 8, description: "Seats wanted (2-12)." },
    },
  },
  {
    id: "getTable",
    summary: "Shows one table of the catalogue.",
    params: { sku: { type: "string", description: "Catalogue SKU of the table." } },
  },
];

function toTool({ id, summary, params }) {
  return {
    name: id,
    description: summary,
    inputSchema: { type: "object", properties: params, additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: async (input) => {
      const res = await fetch(`/api/catalog/${id}`, { method: "POST", body: JSON.stringify(input) });
      return { content: [{ type: "text", text: await res.text() }] };
    },
  };
}

document.modelContext.provideContext({ tools: definitions.map(toTool) });
