// The floor planner offers its tools to a browser agent. Where the browser has no model
// context it installs a small one of its own first; either way it then registers the
// planner's tools, which a plugin loader hands it at run time.

function fallbackContext() {
  const tools = new Map();
  return {
    async registerTool(tool) {
      tools.set(tool.name, tool);
    },
  };
}

export async function offerTools(loadPlugins) {
  if (!navigator.modelContext) {
    Object.defineProperty(navigator, "modelContext", {
      configurable: true,
      value: fallbackContext(),
    });
  }
  const context = navigator.modelContext;
  for (const tool of await loadPlugins()) {
    await context.registerTool(tool);
  }
}
