import { getModelContext } from "./context";

export interface SiteCallbacks {
  openBooking: (therapist: string) => void;
}

function buildTools(cb: SiteCallbacks) {
  return [
    {
      name: "list_treatments",
      description: "Lists the clinic's treatments with their length and price.",
      annotations: { readOnlyHint: true },
      inputSchema: { type: "object", properties: {}, additionalProperties: false },
      execute: async () => {
        const res = await fetch("/treatments.json");
        return res.json();
      },
    },
    {
      name: "open_booking",
      description: "Opens the booking form for a therapist (therapist: 1-5).",
      inputSchema: {
        type: "object",
        properties: {
          therapist: { type: "integer", minimum: 1, maximum: 4, description: "Therapist number on the team page." },
        },
        required: ["therapist"],
        additionalProperties: false,
      },
      execute: async (input: { therapist: number }) => {
        cb.openBooking(String(input.therapist));
        return { opened: true };
      },
    },
  ];
}

/** Registers the site's tools; aborting `signal` takes them back. */
export async function registerSiteTools(cb: SiteCallbacks, signal: AbortSignal): Promise<boolean> {
  const ctx = getModelContext();
  if (!ctx || signal.aborted) return false;
  const tools = buildTools(cb);
  for (const tool of tools) {
    if (signal.aborted) return false;
    await Promise.resolve(ctx.registerTool(tool, { signal }));
  }
  return true;
}
