import { useAgentTool } from "./useAgentTool";

async function post(path: string, body: unknown) {
  const res = await fetch(path, { method: "POST", body: JSON.stringify(body) });
  return res.json();
}

export function useLoanTools(memberId: string) {
  useAgentTool(
    {
      name: "renew_loan",
      description: "Renews one of the member's loans for up to 3 weeks.",
      inputSchema: {
        type: "object",
        properties: {
          loanId: { type: "string", description: "Loan number from the receipt." },
          weeks: { type: "integer", minimum: 1, maximum: 4, description: "Weeks to add." },
        },
        required: ["loanId", "weeks"],
        additionalProperties: false,
      },
      execute: async (args) => post(`/members/${memberId}/renewals`, args),
    },
    [memberId],
  );

  useAgentTool(
    {
      name: "list_loans",
      description: "Lists the member's current loans with their due dates.",
      execute: async () => {
        const res = await fetch(`/members/${memberId}/loans`);
        return res.json();
      },
    },
    [memberId],
  );
}
