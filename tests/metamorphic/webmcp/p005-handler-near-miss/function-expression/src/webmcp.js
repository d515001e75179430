// Metamorphic: the callback written as a function expression instead of a method.
// The plant shop's pages hand their catalogue tools to in-browser agents: `execute` for the
// model context, a spread that supplies it, and a hook whose own callback is `handler`.
import { useWebMCP } from "@mcp-b/react-webmcp";
import { catalogue, basket, withExecute } from "./store.js";

const context = document.modelContext;
const controller = new AbortController();

context.registerTool(
  {
    name: "searchPlants",
    description: "Searches the plants in stock by name or by care level.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to look for in the plant's name." },
        care: { type: "string", enum: ["easy", "moderate", "expert"], description: "How much care the plant needs." },
      },
      required: ["query"],
      additionalProperties: false,
    },
    execute: async function ({ query, care }) {
      const plants = await catalogue.search(query, care);
      return { content: [{ type: "text", text: JSON.stringify(plants) }] };
    },
  },
  { signal: controller.signal },
);

const addToBasket = {
  ...withExecute((input) => basket.add(input.plantId)),
  name: "addToBasket",
  description: "Adds a plant to the basket.",
  inputSchema: {
    type: "object",
    properties: {
      plantId: { type: "string", description: "The plant to add." },
    },
    required: ["plantId"],
    additionalProperties: false,
  },
  handler: async ({ plantId }) => basket.add(plantId),
};

context.registerTool(addToBasket, { signal: controller.signal });

export function BasketTools() {
  useWebMCP({
    name: "emptyBasket",
    description: "Takes every plant out of the basket.",
    inputSchema: {},
    handler: async () => basket.clear(),
  });
  return null;
}
