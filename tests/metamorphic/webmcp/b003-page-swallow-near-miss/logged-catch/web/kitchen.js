// Metamorphic: the catch names its error and logs it before answering.
// The recipe box answers the agent's kitchen questions from the recipe API.
const ctx = document.modelContext;

function failed(what) {
  return { isError: true, content: [{ type: "text", text: `${what} is unavailable right now` }] };
}

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
      return failed("The recipe search");
    }
  },
});

ctx.registerTool({
  name: "listPantry",
  description: "Lists what is in the pantry.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true },
  execute: () => {
    // Parsing a saved list that is not there yet is no outage: an empty pantry is the answer.
    try {
      return JSON.parse(localStorage.getItem("pantry"));
    } catch {
      return [];
    }
  },
});
