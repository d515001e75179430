// Metamorphic: the helper is exported from this module and called from another that never names the model context.
interface LoanTool {
  name: string;
  description: string;
  inputSchema: object;
  execute: (args: Record<string, unknown>) => Promise<unknown>;
}

const shown: string[] = [];

export function registerLoanTool(t: LoanTool): void {
  const mc = document.modelContext;
  if (!mc) return;
  shown.push(t.name);
  mc.registerTool(t);
}
