import type {ToolDefinition} from 'webmcp-polyfill';

// One tool per file: the browser extension that ships this catalogue registers each
// exported `tool` on the pages of its site.
export const tool: ToolDefinition = {
  name: 'grocer_pick_result',
  description: 'Open a product from the search results by its position (1 for the first).',
  inputSchema: {
    type: 'object',
    properties: {
      index: {type: 'integer', description: 'Position of the product in the results.'}
    },
    required: ['index']
  },
  async execute(input) {
    const {index} = input as {index: number};
    const cards = document.querySelectorAll<HTMLAnchorElement>('a.product-card');
    if (index < 1 || index > cards.length) {
      return {
        content: [{type: 'text', text: `No product at position ${index}.`}],
        isError: true
      };
    }
    window.location.href = cards[index - 1].href;
    return {content: [{type: 'text', text: 'Opening the product.'}]};
  }
};
