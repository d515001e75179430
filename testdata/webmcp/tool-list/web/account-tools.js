// Account tools grouped by key and registered with forEach.
const mc = document.modelContext ?? navigator.modelContext;

const ACCOUNT = {
  rename: {
    name: "renameAccount",
    description: "Renames the signed-in account.",
    inputSchema: {
      type: "object",
      properties: {
        displayName: { type: "string", maxLength: 40, description: "New name, at most 60 characters." },
      },
      required: ["displayName"],
      additionalProperties: false,
    },
    execute: async ({ displayName }) => {
      await fetch("/api/account", { method: "PATCH", body: JSON.stringify({ displayName }) });
      return { content: [{ type: "text", text: "Renamed." }] };
    },
  },
};

Object.values(ACCOUNT).forEach((tool) => mc.registerTool(tool));
