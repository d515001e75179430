// Metamorphic: properties read as members (`??` for the destructuring default, a string key).
// The library's loan desk offers its reservation tools to in-browser agents.
import { api } from "./api.js";

const mc = document.modelContext;
const SHELVES = ["fiction", "reference"];

mc.registerTool({
  name: "reserveBook",
  description: "Reserves copies of a book for pickup at a branch.",
  inputSchema: {
    type: "object",
    properties: {
      isbn: { type: "string", description: "ISBN-13 of the book." },
      copies: { type: "integer", minimum: 1, maximum: 3, description: "How many copies, from 1 through 3." },
      branch: { type: "string", enum: ["harbour", "old-town"], description: "Branch where the copies are picked up." },
      shelf: { type: "string", description: "Shelf the book is kept on." },
    },
    required: ["isbn", "copies"],
    additionalProperties: false,
  },
  async execute(input) {
    const isbn = input.isbn;
    const copies = input["copies"];
    const branch = input.branch ?? "harbour";
    const shelf = input.shelf;
    if (copies === undefined) throw new Error("copies is required");
    switch (branch) {
      case "harbour":
      case "old-town":
        break;
      default:
        throw new Error(`no such branch: ${branch}`);
    }
    // A named list may be a table the value is looked up in, not the set to publish.
    if (!SHELVES.includes(shelf)) throw new Error("no such shelf");
    return api.post("/reservations", { isbn, copies, branch, shelf });
  },
});

mc.registerTool({
  name: "renewLoan",
  description: "Renews a loan for more weeks and says how to tell the member.",
  inputSchema: {
    type: "object",
    properties: {
      loanId: { type: "string", description: "The loan to renew." },
      weeks: { type: "integer", minimum: 1, maximum: 4, description: "How many more weeks." },
      notify: { type: "boolean", description: "Whether to tell the member." },
      channel: { type: "string", enum: ["email", "sms"], description: "How to tell the member." },
    },
    required: ["loanId"],
    additionalProperties: false,
  },
  async execute(args) {
    if (!["email", "sms"].includes(args.channel)) {
      return { isError: true, content: [{ type: "text", text: "unsupported channel" }] };
    }
    // The whole input goes on: what reads `notify` is the server.
    return api.post(`/loans/${args.loanId}/renewals`, args);
  },
});
