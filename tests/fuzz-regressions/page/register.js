const schema = { type: 'object', properties: { quantity: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['quantity'] };
navigator.modelContext.registerTool({ name: 'addCartLine', description: `Adds ${'a'} line.`, inputSchema: schema,
  async execute({ quantity }) { const r = await fetch('/api/cart/lines', { method: 'POST', body: JSON.stringify({ quantity }) }); return r.json(); } });
