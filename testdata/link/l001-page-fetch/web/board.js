// The board's tools: both work on what the page already shows, without asking the server.
const mc = document.modelContext;

if (mc) {
  mc.registerTool({
    name: 'scroll_to_notice',
    description: 'Scrolls the board to a notice by its number.',
    inputSchema: {
      type: 'object',
      properties: { notice: { type: 'integer', minimum: 1, description: 'Notice number, top left first.' } },
      required: ['notice'],
      additionalProperties: false,
    },
    execute: async ({ notice }) => {
      document.getElementById('notice-' + notice)?.scrollIntoView();
      return { shown: notice };
    },
  });
}

if (mc) {
  mc.registerTool({
    name: 'claim_plot',
    description: 'Puts the member on the waiting list for a plot.',
    inputSchema: {
      type: 'object',
      properties: { plot: { type: 'integer', minimum: 1, description: 'Plot number on the map.' } },
      required: ['plot'],
      additionalProperties: false,
    },
    execute: async ({ plot }) => (await fetch('/claims', { method: 'POST', body: JSON.stringify({ plot }) })).json(),
  });
}
