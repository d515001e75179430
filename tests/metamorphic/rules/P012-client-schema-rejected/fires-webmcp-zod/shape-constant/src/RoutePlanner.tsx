// Metamorphic: the zod shape held in a module constant.
// Plans a hiking route through the waypoints an agent picks, with the @mcp-b React hook.
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useState } from "react";
import { z } from "zod";

const routeShape = {
  waypoints: z.array(z.string().min(1)).min(2).max(10).describe("Waypoint names, in walking order."),
  maxKm: z.number().max(60).optional().describe("Longest route wanted, in km."),
};

export function RoutePlanner() {
  const [route, setRoute] = useState<string>("");
  useWebMCP({
    name: "planRoute",
    description: "Plans a hiking route through two to ten waypoints, in order.",
    inputSchema: routeShape,
    handler: async ({ waypoints, maxKm }) => {
      const res = await fetch("/api/routes", { method: "POST", body: JSON.stringify({ waypoints, maxKm }) });
      const plan = await res.json();
      setRoute(plan.summary);
      return { content: [{ type: "text", text: plan.summary }] };
    },
  });
  return <p>{route}</p>;
}
