// Metamorphic: the settings destructured in the registering function's parameter
// The clinic's WebMCP tools. Each `execute` checks its input through helpers whose limits
// the page learns only when it runs (the clinic's settings, passed in when the tools are
// registered): whether a call the schema admits meets those limits is not known here.
function requireCount(input, key, max) {
  const value = input[key];
  if (typeof value !== "number" || value < 1 || value > max) {
    throw new RangeError(`${key} must be from 1 through ${max}`);
  }
  return value;
}

function requireSlot(slot, openSlots) {
  if (!openSlots.includes(slot)) {
    throw new Error(`${slot} is not an open slot`);
  }
  return slot;
}

export function registerBookingTools({ maxGroup, openSlots }) {
  document.modelContext.registerTool({
    name: "bookVisit",
    description: "Books a visit for a number of people at one of today's slots.",
    inputSchema: {
      type: "object",
      properties: {
        people: { type: "integer", minimum: 1, maximum: 8, description: "How many people, 1 through 8." },
        slot: { type: "string", description: "A slot such as 09:30." },
      },
      required: ["people", "slot"],
      additionalProperties: false,
    },
    async execute(input) {
      const people = requireCount(input, "people", maxGroup);
      const slot = requireSlot(input.slot, openSlots());
      return { content: [{ type: "text", text: `Booked ${people} at ${slot}.` }] };
    },
  });
}
