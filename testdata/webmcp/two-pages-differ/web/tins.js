// The tin page lets an agent put loose tea in the basket.
document.modelContext.registerTool({
  name: "addToBasket",
  description: "Puts an amount of loose tea in the basket.",
  inputSchema: {
    type: "object",
    properties: {
      blend: { type: "string", description: "Blend code, as on the tin." },
      grams: { type: "integer", minimum: 50, maximum: 500, description: "Grams, from 50 through 500." },
    },
    required: ["blend", "grams"],
    additionalProperties: false,
  },
  execute: ({ blend, grams }) => fetch("/basket", { method: "POST", body: JSON.stringify({ blend, grams }) }),
});
