// Each tool goes through one helper that registers it and remembers its name for cleanup.
const registered = [];
const controller = new AbortController();

function register(tool) {
  document.modelContext.registerTool(tool, { signal: controller.signal });
  registered.push(tool.name);
}

register({
  name: "rentBike",
  description: "Rents a bike from a dock for a number of hours.",
  inputSchema: {
    type: "object",
    properties: {
      dock: { type: "string", description: "Dock identifier, as printed on the dock." },
      hours: { type: "integer", minimum: 1, maximum: 12, description: "Rental length in hours, from 1 through 12." },
    },
    required: ["dock", "hours"],
    additionalProperties: false,
  },
  async execute({ dock, hours }) {
    const res = await fetch("/api/rentals", { method: "POST", body: JSON.stringify({ dock, hours }) });
    return res.json();
  },
});

register({
  name: "endRental",
  description: "Ends the current rental at a dock.",
  inputSchema: {
    type: "object",
    properties: { dock: { type: "string", description: "Dock the bike is returned to." } },
    required: ["dock"],
    additionalProperties: false,
  },
  async execute({ dock }) {
    const res = await fetch("/api/rentals/current", { method: "DELETE", body: JSON.stringify({ dock }) });
    return res.json();
  },
});

export function unregisterAll() {
  controller.abort();
  registered.length = 0;
}
