// The library's WebMCP tools. Each `execute` throws on a call its published schema admits:
// the test asks more than the schema states, and WebMCP hands the agent a bare failure.
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
      query: { type: "string", description: "Words from the title or the author." },
      limit: { type: "integer", minimum: 1, maximum: 20, default: 10, description: "At most this many books, from 1 through 20." },
    },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  execute(input) {
    // The schema admits the empty string.
    if (!input.query) {
      throw new Error("query is required");
    }
    // The schema admits up to 20.
    const limit = input.limit ?? 10;
    if (limit < 1 || limit > 10) {
      throw new RangeError("limit must be from 1 through 10");
    }
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
      by: { type: "string", enum: ["title", "year", "author"], description: "title, year or author." },
    },
    required: ["by"],
    additionalProperties: false,
  },
  execute({ by }) {
    // The schema admits "author".
    if (by !== "title" && by !== "year") {
      throw new Error("by must be title or year");
    }
    shelves.sort((a, b) => (a[by] < b[by] ? -1 : 1));
    return { content: [{ type: "text", text: `Sorted by ${by}.` }] };
  },
});
