import type {ToolDefinition} from 'webmcp-polyfill';

export const tool: ToolDefinition = {
  name: 'grocer_add_to_basket',
  description: 'Add the product on the current page to the basket.',
  inputSchema: {
    type: 'object',
    properties: {
      quantity: {type: 'integer', minimum: 1, description: 'How many to add.'},
      substitute: {type: 'boolean', description: 'Allow a substitute when out of stock.'}
    },
    required: ['quantity']
  },
  async execute(input) {
    const {quantity} = input as {quantity: number};
    const field = document.querySelector<HTMLInputElement>('input[name="qty"]');
    if (!field) {
      return {content: [{type: 'text', text: 'Open a product page first.'}], isError: true};
    }
    field.value = String(quantity);
    document.querySelector<HTMLButtonElement>('button.add-to-basket')?.click();
    return {content: [{type: 'text', text: `Added ${quantity} to the basket.`}]};
  }
};
