// The tide page's one tool. `npm run build` bundles this file into docs/assets for GitHub Pages.
const HARBOURS = ["north-quay", "old-pier", "marina"];

export function registerTideTools() {
  document.modelContext.registerTool({
    name: "lookupTide",
    description: "Looks up high and low water for a harbour, up to 7 days ahead.",
    inputSchema: {
      type: "object",
      properties: {
        harbour: { type: "string", enum: HARBOURS, description: "Harbour to look up." },
        daysAhead: { type: "integer", minimum: 0, maximum: 14, description: "Days from today, at most 7." },
      },
      required: ["harbour"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
    async execute({ harbour, daysAhead }) {
      const res = await fetch(`/api/tides/${harbour}?days=${daysAhead ?? 0}`);
      return res.json();
    },
  });
}

registerTideTools();
