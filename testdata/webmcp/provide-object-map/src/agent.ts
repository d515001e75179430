// Tools for agents visiting the DJ's site: the next gigs and where to listen.
const GIGS_URL = "/gigs.json";

export function exposeAgentTools(): void {
  const mc = document.modelContext;
  if (!mc) return;
  mc.provideContext({
    tools: {
      next_gigs: {
        name: "next_gigs",
        description: "Lists the next five gigs with their city and venue.",
        inputSchema: { type: "object", properties: {} },
        execute: async () => (await fetch(GIGS_URL)).json(),
      },
      listen_links: {
        name: "listen_links",
        description: "Returns the links to the DJ's mixes.",
        inputSchema: { type: "object", properties: {} },
        execute: () => ({ mixcloud: "https://example.org/mixes" }),
      },
    },
  });
}
