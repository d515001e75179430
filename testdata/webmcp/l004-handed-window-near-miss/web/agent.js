// The converter keeps its own model context (the units it last converted), not WebMCP's.
import { buildTools } from "./tools.js";

export function install(app) {
  const ctx = app.state.modelContext;
  const tools = buildTools(app);
  tools.forEach((tool) => ctx.remember(tool.name));
  return tools;
}
