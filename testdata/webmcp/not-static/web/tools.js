// Values the linter cannot know without running the page.
import { MAX_QTY, commonProps, quantityKey } from "./limits.js";
import { toolName } from "./names.js";

document.modelContext.registerTool({
  name: "addCartLine",
  description: `Adds up to ${MAX_QTY} units of a product to the cart.`,
  inputSchema: {
    type: "object",
    properties: {
      ...commonProps,
      [quantityKey]: { type: "integer", minimum: 1, maximum: MAX_QTY, description: "How many to add." },
    },
    required: ["quantity"],
    additionalProperties: false,
  },
  execute: (line) => fetch(window.API_BASE + "/cart/lines", { method: "POST", body: JSON.stringify(line) }),
});

document.modelContext.registerTool({
  name: toolName,
  description: "Registered under a name only known at run time.",
  execute: () => null,
});
