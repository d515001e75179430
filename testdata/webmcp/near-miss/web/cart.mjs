// Legacy API, an alias, module constants and a helper: all statically known.
const MAX_QUANTITY = 5;
const SKU = { type: "string", minLength: 1, maxLength: 32, description: "Catalogue SKU of the product." };

const lineSchema = {
  type: "object",
  properties: {
    sku: SKU,
    quantity: { type: "integer", minimum: 1, maximum: MAX_QUANTITY, description: "How many to add, 1 through 5." },
    giftWrap: { type: "boolean", default: false, description: "Wrap the product as a gift; defaults to false." },
    note: { type: "string", description: "A note for the packer." },
  },
  required: ["sku", "quantity"],
  additionalProperties: false,
};

function cartId() {
  return document.body.dataset.cartId;
}

async function send(line) {
  const res = await fetch(`/api/v2/cart/${cartId()}/lines`, {
    method: "post",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(line),
  });
  return { content: [{ type: "text", text: await res.text() }], isError: !res.ok };
}

const addCartLine = {
  name: "addCartLine",
  description: "Adds a product to the shopping cart.",
  inputSchema: lineSchema,
  annotations: { readOnlyHint: false, consequentialHint: false },
  execute: send,
};

const mc = navigator.modelContext;
if (mc) {
  mc.provideContext({ tools: [addCartLine] });
}
