// Renewals go to the desk's service with the card they are for.
const mc = document.modelContext;

mc.registerTool({
  name: "requestRenewal",
  description: "Renews the loan on the given card number for two more weeks.",
  inputSchema: {
    type: "object",
    properties: {
      card: { type: "string", description: "Library card number." },
    },
    required: ["card"],
    additionalProperties: false,
  },
  execute: async ({ card }) => {
    const res = await fetch("/renewals", { method: "POST", body: JSON.stringify({ card }) });
    return res.json();
  },
});
