// The reading room's loan tools, each registered through one local helper that also keeps
// the names for the agent panel.
import { api } from "./api";

interface LoanTool {
  name: string;
  description: string;
  inputSchema: object;
  execute: (args: Record<string, unknown>) => Promise<unknown>;
}

const shown: string[] = [];

export function registerLoanTools(): void {
  const mc = document.modelContext;
  if (!mc) return;

  const tool = (t: LoanTool) => {
    shown.push(t.name);
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
      const weeks = (args.weeks as number | undefined) ?? 2;
      return api.renew(String(args.loanId), weeks);
    },
  });

  tool({
    name: "listLoans",
    description: "Lists the reader's current loans with their due dates.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: async () => api.loans(),
  });
}
