// Metamorphic: the catch names its error and logs it before answering.
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
      const res = await fetch(`/api/recipes?q=${encodeURIComponent(query)}`);
      return await res.json();
    } catch (err) {
      console.warn("recipe search failed", err);
      return [];
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
      .catch((err) => ({ items: [] })),
});
