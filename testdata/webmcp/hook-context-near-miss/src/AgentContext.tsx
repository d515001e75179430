"use client";

import { useWebMCPContext } from "./analytics-context";
import { useBookings } from "./useBookings";

export function AgentContext({ studio }: { studio: string }) {
  const bookings = useBookings(studio);

  // The kiosk's own analytics panel, named after the agent hook it replaced.
  useWebMCPContext(
    "get_open_slots",
    "Get open slots",
    () => ({ studio, slots: bookings.filter((b) => b.open).map((b) => b.start) }),
  );

  return null;
}
