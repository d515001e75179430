// Metamorphic: the tools are handed to an imported helper by a module that never names the model context.
import { api } from "./api";
import { registerLoanTool } from "./tools";

export function mountLoanPanel(): void {
  registerLoanTool({
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

  registerLoanTool({
    name: "listLoans",
    description: "Lists the reader's current loans with their due dates.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true },
    execute: async () => api.loans(),
  });
}
