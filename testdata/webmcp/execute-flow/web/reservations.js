// The library's loan desk offers its reservation tools to in-browser agents.
import { api } from "./api.js";

const mc = document.modelContext;

mc.registerTool({
  name: "reserveBook",
  description: "Reserves copies of a book for pickup at a branch.",
  inputSchema: {
    type: "object",
    properties: {
      isbn: { type: "string", description: "ISBN-13 of the book." },
      copies: { type: "integer", minimum: 1, maximum: 3, description: "How many copies, from 1 through 3." },
      branch: { type: "string", description: "Branch where the copies are picked up." },
    },
    required: ["isbn", "copies"],
    additionalProperties: false,
  },
  async execute({ isbn, copies = 1, branch }) {
    switch (branch) {
      case "harbour":
      case "old-town":
        break;
      default:
        throw new Error(`no such branch: ${branch}`);
    }
    return api.post("/reservations", { isbn, copies, branch });
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
      channel: { type: "string", enum: ["email", "sms", "push"], description: "How to tell the member." },
    },
    required: ["loanId"],
    additionalProperties: false,
  },
  async execute(args) {
    if (!["email", "sms"].includes(args.channel)) {
      return { isError: true, content: [{ type: "text", text: "unsupported channel" }] };
    }
    const weeks = args.weeks ?? 2;
    return api.post(`/loans/${args.loanId}/renewals`, { weeks, channel: args.channel, reason: args.reason });
  },
});
