import { INPUTS, offeredActions } from "./catalog";
import { registerEach, type HostTool } from "./agent-host";
import { runAction } from "./planner";

let mode: "simple" | "full" = "simple";
const controllers: AbortController[] = [];

function sync() {
  const tools: HostTool[] = offeredActions(mode).map((a) => ({
    name: a.name,
    description: a.description,
    inputSchema: INPUTS[a.name] || { type: "object", properties: {} },
    execute: async (args) => runAction(a.name, args),
  }));
  registerEach(tools, controllers);
}

document.getElementById("mode")?.addEventListener("change", (e) => {
  mode = (e.target as HTMLInputElement).checked ? "full" : "simple";
  sync();
});
sync();
