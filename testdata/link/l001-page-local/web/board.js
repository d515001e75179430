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
