// Metamorphic: the empty answer is an object of empty lists, the request built in a local first.
// The recipe box answers the agent's kitchen questions from the recipe API.
const ctx = document.modelContext;

ctx.registerTool({
  name: "searchRecipes",
  description: "Finds recipes whose title or ingredients match the query.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "Words to look for, such as 'leek soup'." } },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  async execute({ query }) {
    try {
      const url = `/api/recipes?q=${encodeURIComponent(query)}`;
      const res = await fetch(url, { headers: { Accept: "application/json" } });
      return await res.json();
    } catch {
      return { recipes: [] };
    }
  },
});

ctx.registerTool({
  name: "listPantry",
  description: "Lists what is in the pantry.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true },
  execute: () =>
    fetch("/api/pantry")
      .then((res) => res.json())
      .catch(() => ({ items: [] })),
});
