// Registers the cart tools of the shop page with the browser's agent.
const cart = document.modelContext;

async function postLine(line) {
  const res = await fetch("/api/cart/lines", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(line),
  });
  if (!res.ok) {
    return { content: [{ type: "text", text: await res.text() }], isError: true };
  }
  return { content: [{ type: "text", text: "Added." }] };
}

cart.registerTool({
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: {
      sku: { type: "string", minLength: 1, maxLength: 32, description: "Catalogue SKU of the product." },
      quantity: { type: "integer", minimum: 1, maximum: 5, description: "How many to add, 1 through 5." },
    },
    required: ["sku", "quantity"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false },
  execute: (input) => postLine(input),
});
