// Metamorphic: the form's controls in another order.
// Finds trails near a town, with the @mcp-b React hook, and reports a closed trail with a
// declarative form. Every keyword zod's conversion writes here is in the WebMCP subset (a
// string's `minLength`, a number's `maximum`, `enum`); the form's schema is the browser's.
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useState } from "react";
import { z } from "zod";

export function TrailSearch() {
  const [trails, setTrails] = useState<string[]>([]);
  useWebMCP({
    name: "findTrails",
    description: "Finds marked trails that start near a town.",
    inputSchema: {
      town: z.string().min(2).describe("Town to start from."),
      maxKm: z.number().max(60).optional().describe("Longest trail wanted, in km."),
      grade: z.enum(["easy", "moderate", "hard"]).optional().describe("Difficulty grade."),
    },
    handler: async (input) => {
      const res = await fetch("/api/trails", { method: "POST", body: JSON.stringify(input) });
      const found = await res.json();
      setTrails(found.names);
      return { content: [{ type: "text", text: found.names.join(", ") }] };
    },
  });
  return (
    <section>
      <ul>{trails.map((t) => <li key={t}>{t}</li>)}</ul>
      <form toolname="reportClosure" tooldescription="Reports a trail as closed, with the reason." action="/api/closures" method="post">
        <label htmlFor="reason">Why it is closed</label>
        <textarea id="reason" name="reason" required />
        <label htmlFor="trail">Trail name</label>
        <input id="trail" name="trail" type="text" required minLength={2} />
        <button type="submit">Report</button>
      </form>
    </section>
  );
}
