// A model context for browsers without WebMCP: pages call `installShim()` and register their
// own tools on `navigator.modelContext` as they would natively. The shim keeps them in a map
// and answers the agent bridge from it; it has no tool of its own.

const registry = new Map();

function makeContext() {
  return {
    registerTool(tool, options = {}) {
      if (registry.has(tool.name)) {
        throw new Error(`a tool named ${tool.name} is already registered`);
      }
      registry.set(tool.name, tool);
      options.signal?.addEventListener("abort", () => registry.delete(tool.name));
    },
  };
}

export function hasNativeModelContext() {
  return typeof navigator.modelContext?.registerTool === "function";
}

export function installShim() {
  if (hasNativeModelContext()) return false;
  Object.defineProperty(navigator, "modelContext", {
    configurable: true,
    value: makeContext(),
  });
  return true;
}

export async function callTool(name, input) {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool named ${name}`);
  return tool.execute(input);
}
