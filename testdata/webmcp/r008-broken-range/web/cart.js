// The cart page registers its tool with the browser's agent.
document.modelContext.registerTool({
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: {
      sku: { type: "string", minLength: 1, maxLength: 32, description: "Catalogue SKU of the product." },
      quantity: { type: "integer", minimum: 1, maximum: 10, description: "How many to add, 1 through 10." },
    },
    required: ["sku", "quantity"],
    additionalProperties: false,
  },
  async execute(line) {
    const res = await fetch("/api/cart/lines", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(line),
    });
    return { content: [{ type: "text", text: res.ok ? "Added." : await res.text() }], isError: !res.ok };
  },
});
