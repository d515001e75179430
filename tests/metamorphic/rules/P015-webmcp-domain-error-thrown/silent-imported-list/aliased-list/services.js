// Metamorphic: the imported list read through a local constant
// The clinic's WebMCP tool. Its `execute` turns away a service outside a list another
// package provides: the page cannot read that list, so whether a call the schema admits is
// turned away is not known here.
import { SERVICES, fetchTariff } from "@clinic/catalog";

document.modelContext.registerTool({
  name: "quoteService",
  description: "Quotes the price of one of the clinic's services.",
  inputSchema: {
    type: "object",
    properties: {
      service: { type: "string", enum: ["checkup", "vaccination", "x-ray"], description: "checkup, vaccination or x-ray." },
    },
    required: ["service"],
    additionalProperties: false,
  },
  async execute({ service }) {
    const offered = SERVICES;
    if (!offered.includes(service)) {
      throw new Error(`${service} is not offered`);
    }
    const tariff = await fetchTariff(service);
    return { content: [{ type: "text", text: `${service}: ${tariff} EUR` }] };
  },
});
