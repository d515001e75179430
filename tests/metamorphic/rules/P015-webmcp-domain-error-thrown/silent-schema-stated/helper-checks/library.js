// Metamorphic: the input's checks moved into helpers the callback gives the schema's own bounds
// The library's WebMCP tools. Each `execute` checks its input again before it uses it, and
// throws only on a call its published schema already rules out: an agent that keeps to the
// schema never meets these errors.
function asObject(input) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new TypeError("the input must be an object");
  }
  return input;
}

function optionalInteger(input, key, fallback, min, max) {
  const value = input[key];
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${key} must be from ${min} through ${max}`);
  }
  return value;
}

const shelves = [
  { title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969 },
  { title: "Kindred", author: "Octavia E. Butler", year: 1979 },
];

document.modelContext.registerTool({
  name: "searchBooks",
  description: "Finds books whose title or author contains the query.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, description: "Words from the title or the author." },
      limit: { type: "integer", minimum: 1, maximum: 20, default: 10, description: "At most this many books, from 1 through 20." },
    },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  execute(raw) {
    const input = asObject(raw);
    if (!input.query) {
      throw new Error("query is required");
    }
    const limit = optionalInteger(input, "limit", 10, 1, 20);
    const q = input.query.toLowerCase();
    const found = shelves.filter((b) => `${b.title} ${b.author}`.toLowerCase().includes(q));
    return { content: [{ type: "text", text: JSON.stringify(found.slice(0, limit)) }] };
  },
});

document.modelContext.registerTool({
  name: "sortShelf",
  description: "Sorts the shelf by title or by year, in the order given.",
  inputSchema: {
    type: "object",
    properties: {
      by: { type: "string", enum: ["title", "year"], description: "title or year." },
      titles: {
        type: "array",
        items: { type: "string" },
        minItems: 1,
        maxItems: 5,
        description: "From one to five titles to put first.",
      },
    },
    required: ["by", "titles"],
    additionalProperties: false,
  },
  execute({ by, titles }) {
    if (by !== "title" && by !== "year") {
      throw new Error("by must be title or year");
    }
    if (!Array.isArray(titles) || titles.length < 1 || titles.length > 5) {
      throw new Error("give one to five titles");
    }
    shelves.sort((a, b) => (a[by] < b[by] ? -1 : 1));
    return { content: [{ type: "text", text: `Sorted by ${by}.` }] };
  },
});
