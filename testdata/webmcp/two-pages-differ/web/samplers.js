// The sampler page registers the same tool, written again with an older limit.
document.modelContext.registerTool({
  name: "addToBasket",
  description: "Puts an amount of loose tea in the basket.",
  inputSchema: {
    type: "object",
    properties: {
      blend: { type: "string", description: "Blend code, as on the tin." },
      grams: { type: "integer", minimum: 25, maximum: 250, description: "Grams, from 25 through 250." },
    },
    required: ["blend", "grams"],
    additionalProperties: false,
  },
  execute: ({ blend, grams }) => fetch("/basket", { method: "POST", body: JSON.stringify({ blend, grams }) }),
});
