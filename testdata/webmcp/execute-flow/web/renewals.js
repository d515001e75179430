// Renewals are handled at the desk; the tool only points the agent there.
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
  execute: async ({ card }) => ({
    desk: "https://library.example/renewals",
    note: "Renewals are made at the desk or on the renewals page.",
  }),
});
