// The library's WebMCP tool: renew a borrowed book.
document.modelContext.registerTool({
  name: "renewLoan",
  description: "Renews a borrowed book for one to three more weeks.",
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: {
    type: "object",
    properties: {
      loanId: { type: "string", description: "Loan to renew, for example L-2291." },
      weeks: { type: "integer", description: "Weeks to add, from 1 through 3.", minimum: 1, maximum: 3 }
    },
    required: ["loanId", "weeks"],
    additionalProperties: false
  },
  async execute({ loanId, weeks }) {
    const res = await fetch("/api/loans/renew", { method: "POST", body: JSON.stringify({ loanId, weeks }) });
    return { content: [{ type: "text", text: await res.text() }] };
  }
});
