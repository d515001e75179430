// The tools this package serves over stdio (src/server.ts). The shape is the one
// webmcp-polyfill gives its ToolDefinition, but nothing here registers them on a page.
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: unknown;
  execute: (input: unknown) => Promise<unknown>;
}
