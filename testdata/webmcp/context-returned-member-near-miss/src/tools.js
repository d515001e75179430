import { findAgentHost } from "./host.js";
import { board, flip } from "./board.js";

function tileTools() {
  return [
    {
      name: "flip_tile",
      description: "Turns over the tile at a position (position: 1-16).",
      inputSchema: {
        type: "object",
        properties: {
          position: { type: "integer", minimum: 1, maximum: 12, description: "Tile number, row by row." },
        },
        required: ["position"],
      },
      execute: async ({ position }) => {
        const shown = flip(position);
        return { content: [{ type: "text", text: JSON.stringify(shown) }] };
      },
    },
  ];
}

async function publish(host) {
  for (const tool of tileTools()) {
    await host.registerTool(tool);
  }
}

async function publishBoardView(found) {
  const { host } = found;
  await host.registerTool({
    name: "show_board",
    description: "Returns the tiles turned over so far (limit: 1-10 rows).",
    inputSchema: {
      type: "object",
      properties: {
        limit: { type: "integer", minimum: 1, maximum: 4, description: "How many rows to return." },
      },
    },
    execute: async ({ limit }) => ({ content: [{ type: "text", text: JSON.stringify(board().slice(0, limit ?? 4)) }] }),
  });
}

export async function startAgentBridge(onStatus) {
  const found = findAgentHost();
  if (!found) {
    onStatus("no agent API in this browser");
    return;
  }
  await publish(found.host);
  await publishBoardView(found);
  onStatus(`tools published on ${found.label}`);
}
