// Pinning, written for the first WebMCP preview.
navigator.modelContext.provideContext({
  tools: [
    {
      name: "pinNote",
      description: "Pins a note to the top of its folder.",
      annotations: { readOnlyHint: false, destructiveHint: false },
      inputSchema: {
        type: "object",
        properties: {
          id: { type: "string", description: "Note to pin." },
          until: { type: "string", format: "date", description: "Day the pin ends, for example 2026-12-31." }
        },
        required: ["id"],
        additionalProperties: false
      },
      async execute({ id, until }) {
        const res = await fetch("/api/pins", { method: "POST", body: JSON.stringify({ id, until }) });
        return { content: [{ type: "text", text: await res.text() }] };
      }
    }
  ]
});
