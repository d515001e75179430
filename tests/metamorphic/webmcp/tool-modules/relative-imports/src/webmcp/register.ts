// Metamorphic: the tools imported through a relative path to the index module instead of the `@/` alias.
import { reserveBike, returnTools } from "./tools";
import { partnerTools } from "@pedal/partner-tools";

export class HireDesk {
  private controller = new AbortController();

  tools() {
    return [reserveBike, ...returnTools()];
  }

  register() {
    const mc = document.modelContext;
    if (!mc) return;
    for (const tool of this.tools()) {
      mc.registerTool(tool, { signal: this.controller.signal });
    }
    for (const tool of partnerTools) {
      mc.registerTool(tool, { signal: this.controller.signal });
    }
  }

  close() {
    this.controller.abort();
  }
}
