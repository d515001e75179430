// The harbour office offers its tide table to in-browser agents; it prefers the first
// draft's `provideContext` wherever a browser still has it.
const lookupTide = {
  name: "lookupTide",
  description: "High and low water for a harbour on a given day.",
  inputSchema: {
    type: "object",
    properties: {
      harbour: { type: "string", description: "Harbour code, e.g. `STM`." },
      day: { type: "string", description: "Day of the table, as YYYY-MM-DD." },
    },
    required: ["harbour", "day"],
    additionalProperties: false,
  },
  async execute({ harbour, day }) {
    const res = await fetch(`/api/tides/${harbour}/${day}`);
    return res.json();
  },
};

const mc = document.modelContext;
if (mc) {
  if (typeof mc.provideContext === "function") {
    mc.provideContext({ tools: [lookupTide] });
  } else if (typeof mc.registerTool === "function") {
    mc.registerTool(lookupTide);
  }
  window.addEventListener("pagehide", () => mc.unregisterTool?.("lookupTide"));
}
