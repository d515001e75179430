// A page schema with problems of its own: spans point into this file.
document.modelContext.registerTool({
  name: "bookTable",
  description: "Books a table for a number of guests.",
  inputSchema: {
    type: "object",
    properties: {
      guests: { type: "integer", minimum: 12, maximum: 8, description: "Number of guests." },
      time: { type: "string", default: "19:00", description: "Time of the booking." },
      notes: { type: "string" },
      seats: {
        type: "integer",
        default: 2,
        description: "Chairs per table.",
        "x-contractlint-allow": ["S005"],
        $comment: "the server fills in 2 when a client from before v2 omits it",
      },
    },
    required: ["guests", "time", "date", "seats"],
    additionalProperties: false,
  },
  execute: async (booking) => {
    const res = await fetch("https://tables.example/api/bookings?v=2", { method: "POST", body: JSON.stringify(booking) });
    return { content: [{ type: "text", text: await res.text() }], isError: !res.ok };
  },
});
