import { useEffect } from "react";

export interface AgentTool {
  name: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean };
  execute: (args: Record<string, unknown>) => unknown;
}

/** Registers one tool while the component that calls it is mounted. */
export function useAgentTool(tool: AgentTool, deps: unknown[] = []): void {
  useEffect(() => {
    const modelContext = document.modelContext ?? navigator.modelContext;
    if (!modelContext) return;
    const controller = new AbortController();
    // The model context keeps what it is given; a copy keeps later edits of `tool` out.
    const registered = {
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations,
      execute: tool.execute,
    };
    modelContext.registerTool(registered, { signal: controller.signal });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
