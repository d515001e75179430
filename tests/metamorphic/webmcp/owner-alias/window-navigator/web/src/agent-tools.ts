// Metamorphic: the navigator reached through `window.` and asserted in two steps (`as unknown as`).
// The pantry planner lets an in-browser agent look up what is in stock and plan meals.
// The DOM types have no `modelContext` yet, so the navigator is widened to reach it.

interface PageTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute: (input: Record<string, unknown>) => Promise<unknown>;
}

interface ModelContext {
  provideContext?: (context: { tools: PageTool[] }) => void;
}

function pageContext(): ModelContext | undefined {
  const nav = window.navigator as unknown as { modelContext?: ModelContext };
  return nav.modelContext;
}

export function offerPantryTools(openShelf: (shelf: string) => void): () => void {
  const mc = pageContext();
  if (!mc?.provideContext) return () => {};

  const tools: PageTool[] = [
    {
      name: "list_low_stock",
      description: "List pantry items at or below their restock level (limit: 1-50 items).",
      inputSchema: {
        type: "object",
        properties: {
          limit: { type: "integer", description: "How many items to list." },
        },
        additionalProperties: false,
      },
      execute: async (input) => {
        const limit = typeof input.limit === "number" ? input.limit : 20;
        const res = await fetch(`/api/pantry/low?limit=${limit}`);
        return res.json();
      },
    },
    {
      name: "open_shelf",
      description: "Show one shelf of the pantry on the page.",
      inputSchema: {
        type: "object",
        properties: {
          shelf: { type: "string", enum: ["dry", "cold", "frozen"] },
        },
        required: ["shelf"],
        additionalProperties: false,
      },
      execute: async (input) => {
        openShelf(String(input.shelf));
        return { shown: input.shelf };
      },
    },
  ];

  mc.provideContext({ tools });
  return () => mc.provideContext?.({ tools: [] });
}
