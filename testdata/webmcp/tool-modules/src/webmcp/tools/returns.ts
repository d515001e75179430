// Returning a bike: the dock it went back to, and whether to mail the receipt.
import { api } from "../../api";

export default function returnTools() {
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
        return api.post(`/rentals/${args.rentalId}/return`, { dock: args.dock });
      },
    },
  ];
}
