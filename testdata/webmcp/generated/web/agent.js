// Tools generated at run time from the RPC router's procedures: no tool exists before the
// page runs, so none can be checked, and the linter must say so.
import "@mcp-b/global";
import { router } from "./rpc.js";

function procedureTool(procedure) {
  return {
    name: procedure.path.join("_"),
    description: procedure.meta.description,
    inputSchema: procedure.inputJsonSchema,
    execute: (input) => procedure.call(input),
  };
}

for (const procedure of router.procedures()) {
  navigator.modelContext.registerTool(procedureTool(procedure));
}
