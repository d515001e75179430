// The harbour office offers its tide table to in-browser agents; the first draft's
// `provideContext` is only a fallback for browsers without `registerTool`.
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
const session = new AbortController();
if (mc) {
  if (typeof mc.registerTool === "function") {
    mc.registerTool(lookupTide, { signal: session.signal });
  } else if (typeof mc.provideContext === "function") {
    mc.provideContext({ tools: [lookupTide] });
  }
  window.addEventListener("pagehide", () => {
    mc.unregisterTool?.("lookupTide");
    session.abort();
  });
}
