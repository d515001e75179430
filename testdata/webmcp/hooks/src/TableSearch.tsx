// The catalogue's search, exposed to in-browser agents with the @mcp-b React hook.
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useState } from "react";
import { z } from "zod";

const Finish = z.enum(["oak", "birch", "steel"]).describe("Top finish: oak, birch or steel.");

export function TableSearch() {
  const [results, setResults] = useState<string[]>([]);
  useWebMCP({
    name: "findFoldingTable",
    description: "Finds folding tables in the catalogue.",
    inputSchema: {
      seats: z.number().int().min(2).max(8).describe("Seats wanted, from 2 through 12."),
      finish: Finish.optional(),
      query: z.string().max(80).optional().describe("Free text to match in the title."),
    },
    handler: async (input) => {
      const res = await fetch("/api/catalog/search", { method: "POST", body: JSON.stringify(input) });
      const found = await res.json();
      setResults(found.items);
      return { content: [{ type: "text", text: JSON.stringify(found) }] };
    },
  });
  return <ul>{results.map((r) => <li key={r}>{r}</li>)}</ul>;
}
