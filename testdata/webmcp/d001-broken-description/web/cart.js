// The prose promises more than the schema admits.
document.modelContext.registerTool({
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: {
      sku: { type: "string", description: "Catalogue SKU of the product." },
      quantity: { type: "integer", minimum: 1, maximum: 5, description: "How many to add, from 1 through 10." },
    },
    required: ["sku", "quantity"],
    additionalProperties: false,
  },
  execute: async (line) => {
    const res = await fetch("/api/cart/lines", { method: "POST", body: JSON.stringify(line) });
    return { content: [{ type: "text", text: await res.text() }], isError: !res.ok };
  },
});
