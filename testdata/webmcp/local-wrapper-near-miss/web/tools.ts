// The reading room's loan tools. One helper registers them; the audit log has a helper of
// the same name that only records drafts, and the fallback helper registers its own tool.
import { api } from "./api";

interface LoanTool {
  name: string;
  description: string;
  inputSchema: object;
  execute: (args: Record<string, unknown>) => Promise<unknown>;
}

const drafts: LoanTool[] = [];

const HELP: LoanTool = {
  name: "loanHelp",
  description: "Explains how loans and renewals work.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  execute: async () => ({ text: "Loans last three weeks and can be renewed up to four weeks." }),
};

export function registerLoanTools(): void {
  const mc = document.modelContext;
  if (!mc) return;

  const tool = (t: LoanTool) => {
    mc.registerTool(t);
  };

  tool({
    name: "renewLoan",
    description: "Renews a book loan for a number of weeks.",
    inputSchema: {
      type: "object",
      properties: {
        loanId: { type: "string", description: "Loan number, as printed on the receipt." },
        weeks: { type: "integer", minimum: 1, maximum: 4, description: "Weeks to add." },
      },
      required: ["loanId", "weeks"],
      additionalProperties: false,
    },
    execute: async (args) => {
      if (typeof args.weeks !== "number") throw new Error("weeks is required");
      return api.renew(String(args.loanId), args.weeks);
    },
  });

  // Registers its own help tool, whatever it is given.
  function fallback(_draft: LoanTool) {
    mc.registerTool(HELP);
  }

  fallback({
    name: "renewLoanDraft",
    description: "Renews a book loan for a number of weeks.",
    inputSchema: {
      type: "object",
      properties: { weeks: { type: "integer", minimum: 1, maximum: 4 } },
      required: ["weeks"],
    },
    execute: async (args) => api.renew("draft", (args.weeks as number | undefined) ?? 2),
  });
}

export function auditDrafts(): void {
  // Same name as the registering helper above, another function: it only keeps drafts.
  const tool = (t: LoanTool) => {
    drafts.push(t);
  };

  tool({
    name: "extendLoan",
    description: "Extends a loan.",
    inputSchema: {
      type: "object",
      properties: { weeks: { type: "integer", minimum: 1, maximum: 4 } },
      required: ["weeks"],
    },
    execute: async (args) => api.renew("audit", (args.weeks as number | undefined) ?? 2),
  });
}
