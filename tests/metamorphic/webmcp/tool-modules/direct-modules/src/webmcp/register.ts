// Metamorphic: each tool imported from the module that declares it (a named and a default import), registered with `forEach` on a local list.
import { reserveBike } from "./tools/reserve.js";
import makeReturnTools from "./tools/returns";
import { partnerTools } from "@pedal/partner-tools";

export class HireDesk {
  private controller = new AbortController();

  register() {
    const mc = document.modelContext;
    if (!mc) return;
    const signal = this.controller.signal;
    const own = [reserveBike, ...makeReturnTools()];
    own.forEach((tool) => mc.registerTool(tool, { signal }));
    for (const tool of partnerTools) {
      mc.registerTool(tool, { signal });
    }
  }

  close() {
    this.controller.abort();
  }
}
