// The shop's WebMCP tool: put a product in the cart.
const catalogue = [
  { id: "mug-01", name: "Enamel mug", stock: 4 },
  { id: "tee-02", name: "Linen tee", stock: 0 },
];
const cart = [];

function reserve(product, quantity) {
  if (product.stock < quantity) {
    throw new Error(`Only ${product.stock} of ${product.name} left in stock`);
  }
  product.stock -= quantity;
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
      throw new Error(`No product ${productId} in the catalogue`);
    }
    reserve(product, quantity);
    cart.push({ productId, quantity });
    return { content: [{ type: "text", text: `Added ${quantity} × ${product.name}.` }] };
  },
});

async function loadCoupons() {
  const res = await fetch("/api/coupons");
  return res.json();
}

document.modelContext.registerTool({
  name: "applyCoupon",
  description: "Applies a coupon code, such as SPRING10, to the cart.",
  inputSchema: {
    type: "object",
    properties: {
      code: { type: "string", description: "The coupon code as printed." },
    },
    required: ["code"],
    additionalProperties: false,
  },
  async execute({ code }) {
    const coupon = (await loadCoupons()).find((c) => c.code === code.toUpperCase());
    if (!coupon) {
      return Promise.reject(new Error(`Coupon ${code} is not valid`));
    }
    cart.coupon = coupon.code;
    return { content: [{ type: "text", text: `${coupon.percent}% off applied.` }] };
  },
});
