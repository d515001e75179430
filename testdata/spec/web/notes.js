// The notes web app's WebMCP tools.
document.modelContext.registerTool({
  name: "unpinNote",
  description: "",
  inputSchema: {
    type: "object",
    properties: { id: { type: "string", description: "Note to unpin." } },
    required: ["id"],
    additionalProperties: false
  },
  async execute({ id }) {
    await fetch(`/api/pins/${id}`, { method: "DELETE" });
    return { content: [{ type: "text", text: "unpinned" }] };
  }
});
