// Lets an agent place a hold on a catalogue item for the signed-in reader.
import { z } from "zod";

const HoldInput = z.object({
  itemId: z.string().min(1).describe("Catalogue id of the book or disc, as shown on its page."),
  branch: z.enum(["central", "north", "harbour"]).describe("Branch where the reader collects it."),
  weeks: z.number().int().min(1).max(6).optional().describe("How long to keep it, from 1 through 6 weeks."),
});

document.modelContext.registerTool({
  name: "placeHold",
  description: "Places a hold on a catalogue item for the signed-in reader, to collect at a branch.",
  inputSchema: z.toJSONSchema(HoldInput),
  async execute({ itemId, branch, weeks }) {
    const res = await fetch("/api/holds", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ itemId, branch, weeks: weeks ?? 2 }),
    });
    if (!res.ok) {
      return { content: [{ type: "text", text: `The hold was refused: ${res.status}` }], isError: true };
    }
    const hold = await res.json();
    return { content: [{ type: "text", text: `Hold ${hold.id} placed at ${branch}.` }] };
  },
});
