// Near misses: a hook of the same name from the app's own module is not the SDK's, and zod
// beyond the common builders is not guessed at.
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useWebMCP as useLocalTool } from "./local-tools";
import { z } from "zod";

export function TableSearch() {
  useWebMCP({
    name: "findFoldingTable",
    description: "Finds folding tables in the catalogue.",
    inputSchema: {
      seats: z.number().int().min(2).max(12).describe("Seats wanted, from 2 through 12."),
      finish: z.string().default("oak").describe("Top finish, oak unless another is asked for."),
    },
    handler: async (input) => fetch("/api/catalog/search", { method: "POST", body: JSON.stringify(input) }),
  });
  useLocalTool({
    name: "notAHookTool",
    description: "Registered by a helper of the app, from 1 through 3.",
    inputSchema: { n: z.number().max(9) },
  });
  return null;
}
