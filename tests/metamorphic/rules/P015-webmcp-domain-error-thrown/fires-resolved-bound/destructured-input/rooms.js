// Metamorphic: the ward destructured from the input before it is tested
// The clinic's WebMCP tools. Each `execute` checks its input through a helper given a bound
// the page resolves (a number written at the call, a list imported from a module of the
// package), and that bound admits less than the published schema: a call the agent was
// told it may make is turned away, and WebMCP hands the agent a bare failure.
import { WARDS } from "./limits.js";

function requireCount(input, key, max) {
  const value = input[key];
  if (value === undefined) {
    return 1;
  }
  if (typeof value !== "number" || value < 1 || value > max) {
    throw new RangeError(`${key} must be from 1 through ${max}`);
  }
  return value;
}

document.modelContext.registerTool({
  name: "reserveBeds",
  description: "Reserves beds in a ward.",
  inputSchema: {
    type: "object",
    properties: {
      // The helper is given 4.
      beds: { type: "integer", minimum: 1, maximum: 6, description: "How many beds, 1 through 6." },
      // The imported list holds two of these.
      ward: { type: "string", enum: ["north", "south", "east"], description: "north, south or east." },
    },
    required: ["ward"],
    additionalProperties: false,
  },
  execute(input) {
    const beds = requireCount(input, "beds", 4);
    const { ward } = input;
    if (!WARDS.includes(ward)) {
      throw new Error(`no ward ${ward}`);
    }
    return { content: [{ type: "text", text: `${beds} beds in ${ward}.` }] };
  },
});
