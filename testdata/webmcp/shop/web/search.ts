// The folding-table search, registered from TypeScript.
interface TableSearch {
  maxFoldedThicknessMm: number;
  minWidthCm?: number;
}

const findFoldingTable = {
  name: "findFoldingTable",
  description: "Finds folding tables whose folded thickness is at most the given millimetres.",
  inputSchema: {
    type: "object",
    properties: {
      maxFoldedThicknessMm: {
        type: "integer",
        minimum: 10,
        maximum: 120,
        description: "Largest acceptable folded thickness in millimetres, 10 through 120.",
      },
      minWidthCm: { type: "integer", minimum: 0, description: "Smallest acceptable tabletop width in centimetres." },
    },
    required: ["maxFoldedThicknessMm"],
    additionalProperties: false,
  } as const,
  annotations: { readOnlyHint: true },
  async execute(input: TableSearch) {
    const params = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`/api/tables/search?${params}`);
    return { content: [{ type: "text", text: await res.text() }] };
  },
};

document.modelContext.registerTool(findFoldingTable);
