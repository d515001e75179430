import { INPUTS } from "./catalog";
import { registerEach, type HostTool } from "./agent-host";
import { runAction } from "./planner";

const controllers: AbortController[] = [];

/** The actions this account may use come from the server. */
async function sync() {
  const res = await fetch("/api/actions");
  const offered: { name: string; description: string }[] = await res.json();
  const tools: HostTool[] = offered.map((a) => ({
    name: a.name,
    description: a.description,
    inputSchema: INPUTS[a.name] || { type: "object", properties: {} },
    execute: async (args) => runAction(a.name, args),
  }));
  registerEach(tools, controllers);
}

void sync();
