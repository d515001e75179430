// Cart tools kept in a table and registered in a loop, each unregistered with the page.
const controller = new AbortController();

const QUANTITY = {
  type: "integer",
  minimum: 1,
  maximum: 5,
  description: "How many to add, from 1 through 10.",
};

const addCartLine = {
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: {
      sku: { type: "string", description: "Catalogue SKU of the product." },
      quantity: QUANTITY,
    },
    required: ["sku", "quantity"],
    additionalProperties: false,
  },
  execute: async (line) => {
    const res = await fetch("/api/cart/lines", { method: "POST", body: JSON.stringify(line) });
    return { content: [{ type: "text", text: await res.text() }], isError: !res.ok };
  },
};

const clearCart = {
  name: "clearCart",
  description: "Removes every line from the shopping cart.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  execute: async () => {
    await fetch("/api/cart", { method: "DELETE" });
    return { content: [{ type: "text", text: "Cart cleared." }] };
  },
};

const CART_TOOLS = [addCartLine, clearCart];

for (const tool of CART_TOOLS) {
  navigator.modelContext.registerTool(tool, { signal: controller.signal });
}
