// Metamorphic: the tools declared in the module that registers them, not imported.
import { api } from "../api";

const reserveBike = {
  name: "reserveBike",
  description: "Reserves a bike at a docking station for 1 through 24 hours.",
  inputSchema: {
    type: "object",
    properties: {
      station: { type: "string", description: "Docking station id, e.g. `harbour-3`." },
      hours: { type: "integer", minimum: 1, maximum: 24, description: "Rental length in hours." },
    },
    required: ["station", "hours"],
    additionalProperties: false,
  },
  async execute({ station, hours }: { station: string; hours: number }) {
    return api.post("/reservations", { station, hours });
  },
};

function returnTools() {
  return [
    {
      name: "returnBike",
      description: "Ends a rental at the dock the bike was returned to.",
      inputSchema: {
        type: "object",
        properties: {
          rentalId: { type: "string", description: "The rental to end." },
          dock: { type: "string", description: "Dock the bike is locked to." },
          receipt: { type: "boolean", description: "Whether to e-mail the receipt." },
        },
        required: ["rentalId", "dock"],
        additionalProperties: false,
      },
      async execute(args: { rentalId: string; dock: string; receipt?: boolean }) {
        return api.post(`/rentals/${args.rentalId}/return`, { dock: args.dock, receipt: args.receipt === true });
      },
    },
  ];
}

export class HireDesk {
  private controller = new AbortController();

  tools() {
    return [reserveBike, ...returnTools()];
  }

  register() {
    const mc = document.modelContext;
    if (!mc) return;
    for (const tool of this.tools()) {
      mc.registerTool(tool, { signal: this.controller.signal });
    }
  }

  close() {
    this.controller.abort();
  }
}
