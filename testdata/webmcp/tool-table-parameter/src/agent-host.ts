export interface HostTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute: (args: Record<string, unknown>) => Promise<unknown>;
}

declare global {
  interface Document {
    modelContext?: { registerTool(tool: HostTool, options?: { signal?: AbortSignal }): void };
  }
}

/** Registers each tool, each with its own controller so a later sync can take it back. */
export function registerEach(tools: HostTool[], controllers: AbortController[]): number {
  controllers.forEach((c) => c.abort());
  controllers.length = 0;
  const mc = document.modelContext;
  if (!mc) return 0;
  let count = 0;
  for (const tool of tools) {
    const controller = new AbortController();
    controllers.push(controller);
    mc.registerTool(tool, { signal: controller.signal });
    count++;
  }
  return count;
}
