// The cart page registers its tool with whichever agent API the browser has, and sends
// every request through one helper: the tool's call reaches the Rust route through the
// helper's parameters, so the route's checks are held to the page's schema.
const mc = document.modelContext ?? navigator.modelContext;

async function send(path, method, body) {
  const res = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { content: [{ type: "text", text: res.ok ? "Done." : await res.text() }], isError: !res.ok };
}

mc.registerTool(
  {
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
      return send("/api/cart/lines", "POST", line);
    },
  },
  { signal: AbortSignal.timeout(5000) },
);
