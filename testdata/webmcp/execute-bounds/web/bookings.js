// The bistro's booking page offers its table tools to in-browser agents.
import { bookings, evenings, reviews } from "./api.js";

const MAX_PARTY = 12;
const mc = document.modelContext;

mc.registerTool({
  name: "bookTable",
  description: "Books a table for a party on a given evening.",
  inputSchema: {
    type: "object",
    properties: {
      date: { type: "string", description: "Evening of the booking, as YYYY-MM-DD." },
      guests: { type: "integer", description: "How many people are coming." },
      note: { type: "string", description: "A note for the kitchen, such as allergies." },
    },
    required: ["date", "guests"],
    additionalProperties: false,
  },
  async execute(args) {
    const guests = Number(args.guests);
    if (guests < 1 || guests > MAX_PARTY) {
      throw new Error(`a party is 1 to ${MAX_PARTY} guests`);
    }
    if ((args.note ?? "").length > 200) {
      return { isError: true, content: [{ type: "text", text: "the note is too long" }] };
    }
    if (guests > 8) {
      console.info("large party, the manager is told");
    }
    return bookings.create({ date: args.date, guests, note: args.note });
  },
});

mc.registerTool({
  name: "listEvenings",
  description: "Lists the coming evenings with a free table for the party.",
  inputSchema: {
    type: "object",
    properties: {
      partySize: { type: "integer", minimum: 1, maximum: 12, description: "How many people need seats." },
      limit: { type: "integer", minimum: 1, maximum: 30, description: "How many evenings to list." },
    },
    required: ["partySize"],
    additionalProperties: false,
  },
  async execute(args) {
    const party = parseInt(args.partySize, 10) || 2;
    const limit = Math.min(Number(args.limit) || 7, 14);
    const free = await evenings.withTable(party);
    return { content: [{ type: "text", text: JSON.stringify(free.slice(0, limit)) }] };
  },
});

mc.registerTool({
  name: "rateVisit",
  description: "Rates a past visit with stars.",
  inputSchema: {
    type: "object",
    properties: {
      bookingId: { type: "string", description: "The booking that was visited." },
      stars: { type: "number", minimum: 1, maximum: 5, description: "Stars from 1 through 5." },
    },
    required: ["bookingId", "stars"],
    additionalProperties: false,
  },
  async execute(args) {
    const stars = Math.round(args.stars);
    return reviews.add(args.bookingId, stars);
  },
});
