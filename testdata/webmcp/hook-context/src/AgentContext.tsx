"use client";

import "@mcp-b/global";
import { useWebMCPContext } from "@mcp-b/react-webmcp";
import { useBookings } from "./useBookings";

export function AgentContext({ studio }: { studio: string }) {
  const bookings = useBookings(studio);

  useWebMCPContext(
    "get_open_slots",
    "Get open slots",
    () => ({ studio, slots: bookings.filter((b) => b.open).map((b) => b.start) }),
  );

  useWebMCPContext(
    "get_studio_rules",
    "Returns the studio's house rules (arrival, cancellation window, equipment) as plain text.",
    () => ({ studio, rules: "Arrive 10 minutes early. Cancel at least 24 hours ahead." }),
  );

  return null;
}
