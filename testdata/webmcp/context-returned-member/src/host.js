/** Where this browser keeps the agent API, and under which name, for the status line. */
export function findAgentHost() {
  if (typeof document !== "undefined" && document.modelContext) {
    return { host: document.modelContext, label: "document.modelContext" };
  }
  if (typeof navigator !== "undefined" && navigator.modelContext) {
    return { host: navigator.modelContext, label: "navigator.modelContext" };
  }
  return null;
}
