// The shop's WebMCP tool: place the order. What fails here is not the agent's to correct: the
// page's own markup missing, the server refusing or unreachable, an error passed on.
document.modelContext.registerTool({
  name: "placeOrder",
  description: "Places the order for the cart, delivered to the given postcode.",
  inputSchema: {
    type: "object",
    properties: {
      postcode: { type: "string", description: "Delivery postcode, for example SW1A 1AA." },
    },
    required: ["postcode"],
    additionalProperties: false,
  },
  async execute({ postcode }) {
    const summary = document.querySelector("#order-summary");
    if (!summary) {
      throw new Error("The order summary is not on this page");
    }
    const res = await fetch("/api/orders", {
      method: "POST",
      body: JSON.stringify({ postcode }),
    });
    if (!res.ok) {
      throw new Error(`The order service answered ${res.status}`);
    }
    try {
      const order = await res.json();
      if (!order.id) throw new Error("No order number for " + postcode);
      summary.textContent = `Order ${order.id} placed.`;
      return { content: [{ type: "text", text: `Order ${order.id} placed.` }] };
    } catch (err) {
      summary.textContent = "";
      throw err;
    }
  },
});
