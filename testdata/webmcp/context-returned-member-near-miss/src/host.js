import { createRecorder } from "./recorder.js";

/** The agent API, or a recorder that logs what would be published when there is none. */
export function findAgentHost() {
  if (typeof document !== "undefined" && document.modelContext) {
    return { host: document.modelContext, label: "document.modelContext" };
  }
  return { host: createRecorder(), label: "recorder" };
}
