// The converter registers its tools on whichever window it is given (the tests pass a fake).
import { buildTools } from "./tools.js";

export async function install(win = globalThis) {
  const ctx = win.document?.modelContext;
  if (typeof ctx?.registerTool !== "function") return [];
  const tools = buildTools(win);
  await Promise.all(tools.map((tool) => ctx.registerTool(tool)));
  return tools;
}
