// The basket page lets the browser's agent fill the same basket the shopper sees.
const mc = document.modelContext;
const controller = new AbortController();

async function call(path, method, body) {
  const res = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { content: [{ type: "text", text }], isError: !res.ok };
}

const tools = [
  {
    name: "addToBasket",
    description: "Adds a product to the basket, counted in items or weighed in kilograms.",
    inputSchema: {
      type: "object",
      properties: {
        product: { type: "string", description: "Product code from the shelf label, such as apple-gala." },
        quantity: { type: "integer", minimum: 1, maximum: 20, description: "How many items or kilograms, from 1 through 20." },
        unit: { type: "string", enum: ["item", "kg", "g"], description: "Whether the quantity counts items or kilograms." },
      },
      required: ["product", "quantity", "unit"],
      additionalProperties: false,
    },
    async execute({ product, quantity = 1, unit }) {
      return call("/api/basket/lines", "POST", { product, quantity, unit });
    },
  },
  {
    name: "removeFromBasket",
    description: "Removes one line from the basket.",
    inputSchema: {
      type: "object",
      properties: { lineId: { type: "integer", minimum: 1, description: "The line's number, as listBasket shows it." } },
      required: ["lineId"],
      additionalProperties: false,
    },
    async execute({ lineId }) {
      return call(`/api/basket/lines/${lineId}`, "DELETE");
    },
  },
  {
    name: "listBasket",
    description: "Lists the lines in the basket. Changes nothing.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: () => call("/api/basket", "GET"),
  },
];

for (const tool of tools) {
  mc.registerTool(tool, { signal: controller.signal });
}
