// The shop's WebMCP tool: put a product in the cart. A product that is unknown or sold out is
// answered with a result that says so.
const catalogue = [
  { id: "mug-01", name: "Enamel mug", stock: 4 },
  { id: "tee-02", name: "Linen tee", stock: 0 },
];
const cart = [];

function refusal(text) {
  return { content: [{ type: "text", text }], isError: true };
}

document.modelContext.registerTool({
  name: "addToCart",
  description: "Adds a product to the cart. `quantity` is from 1 through 10.",
  inputSchema: {
    type: "object",
    properties: {
      productId: { type: "string", description: "The product, for example mug-01." },
      quantity: { type: "integer", description: "How many, from 1 through 10.", minimum: 1, maximum: 10 },
    },
    required: ["productId", "quantity"],
    additionalProperties: false,
  },
  async execute({ productId, quantity }) {
    const product = catalogue.find((p) => p.id === productId);
    if (!product) {
      return refusal(`No product ${productId} in the catalogue`);
    }
    if (product.stock < quantity) {
      return { content: [{ type: "text", text: `Only ${product.stock} of ${product.name} left in stock` }], isError: true };
    }
    product.stock -= quantity;
    cart.push({ productId, quantity });
    return { content: [{ type: "text", text: `Added ${quantity} × ${product.name}.` }] };
  },
});
