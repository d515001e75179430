// The page's own tool: the deal categories, from the list the server publishes.
const mc = document.modelContext;

if (mc) {
  mc.registerTool({
    name: 'list_categories',
    description: 'Lists the deal categories with how many deals each has.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: async () => (await fetch('/categories.json')).json(),
  });
}
