// The pantry planner lets an in-browser agent look up what is in stock. The draft puts
// `modelContext` on `document`; older browsers had it on `navigator`, widened here to reach it.

interface PageTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute: (input: Record<string, unknown>) => Promise<unknown>;
}

interface ModelContext {
  registerTool?: (tool: PageTool, options?: { signal?: AbortSignal }) => void;
  provideContext?: (context: { tools: PageTool[] }) => void;
}

function pageContext(): ModelContext | undefined {
  const doc = document as Document & { modelContext?: ModelContext };
  const nav = navigator as Navigator & { modelContext?: ModelContext };
  return doc.modelContext ?? nav.modelContext;
}

const listLowStock: PageTool = {
  name: "list_low_stock",
  description: "List pantry items at or below their restock level (limit: 1-50 items).",
  inputSchema: {
    type: "object",
    properties: {
      limit: { type: "integer", minimum: 1, maximum: 50, description: "How many items to list." },
    },
    additionalProperties: false,
  },
  execute: async (input) => {
    const res = await fetch(`/api/pantry/low?limit=${Number(input.limit ?? 20)}`);
    return res.json();
  },
};

export function offerPantryTools(): () => void {
  const mc = pageContext();
  if (!mc) return () => {};
  const session = new AbortController();
  if (typeof mc.registerTool === "function") {
    mc.registerTool(listLowStock, { signal: session.signal });
  }
  return () => {
    session.abort();
    // Pre-draft browsers only knew a whole list: empty it there.
    if (typeof mc.registerTool !== "function") mc.provideContext?.({ tools: [] });
  };
}
