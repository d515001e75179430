// The same shapes, but the tables come from other modules or from the server: nothing about
// them is known before the page runs, so nothing is checked and that is said.
import { CART_TOOLS } from "./cart-table.js";
import { definitions } from "./definitions.js";

const controller = new AbortController();

for (const tool of CART_TOOLS) {
  navigator.modelContext.registerTool(tool, { signal: controller.signal });
}

function toTool(def) {
  return { name: def.id, description: def.summary, inputSchema: def.params };
}

document.modelContext.provideContext({ tools: definitions.map(toTool) });

let extra = [];
if (Array.isArray(window.partnerTools)) extra = window.partnerTools;
extra.forEach((tool) => navigator.modelContext.registerTool(tool));
