// The hire desk registers its tools while the storefront is open.
import { reserveBike, returnTools } from "@/webmcp/tools";
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
