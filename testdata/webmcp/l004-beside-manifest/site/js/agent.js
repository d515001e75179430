// The page's own tools, one per deal category listed by the server.
const mc = document.modelContext;

async function registerCategoryTools() {
  const res = await fetch('/categories.json');
  const categories = await res.json();
  for (const c of categories) {
    mc.registerTool({
      name: 'deals_in_' + c.slug,
      description: 'Lists the deals in the ' + c.title + ' category.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => (await fetch('/deals/' + c.slug + '.json')).json(),
    });
  }
}

if (mc) registerCategoryTools();
