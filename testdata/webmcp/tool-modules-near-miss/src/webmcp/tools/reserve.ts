// Reserving a bike at a docking station, offered to in-browser agents.
import { api } from "../../api";

export const reserveBike = {
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
