// Tools for in-browser agents on the bakery's order page. Older browsers put the model
// context on `navigator`, newer ones on `document`; either is taken, and nothing is
// registered where neither exists.
(function () {
  'use strict';

  var mc = (typeof document !== 'undefined' && document.modelContext) ||
           (typeof navigator !== 'undefined' && navigator.modelContext);
  if (!mc || typeof mc.registerTool !== 'function') return;

  var controller = new AbortController();
  window.addEventListener('pagehide', function () { controller.abort(); }, { once: true });

  var tools = [
    {
      name: 'order_cake',
      description: 'Orders a celebration cake for pickup, for 1-12 servings.',
      inputSchema: {
        type: 'object',
        properties: {
          flavour: { type: 'string', enum: ['chocolate', 'lemon', 'carrot'], description: 'Sponge flavour.' },
          servings: { type: 'integer', minimum: 1, maximum: 10, description: 'How many people the cake feeds.' },
          pickup: { type: 'string', description: 'Pickup date, YYYY-MM-DD.' }
        },
        required: ['flavour', 'servings', 'pickup'],
        additionalProperties: false
      },
      execute: function (input) {
        return fetch('/orders', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ flavour: input.flavour, servings: input.servings, pickup: input.pickup })
        }).then(function (res) { return res.json(); });
      }
    },
    {
      name: 'opening_hours',
      description: 'Returns the shop opening hours for each day of the week.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true },
      execute: function () {
        return { weekdays: '07:00-18:00', saturday: '08:00-14:00', sunday: 'closed' };
      }
    }
  ];

  tools.forEach(function (tool) {
    // Aborting on navigation rejects the registration; that is expected.
    Promise.resolve(mc.registerTool(tool, { signal: controller.signal })).catch(function () {});
  });
})();
