// Adding to the cart, exposed with webmcp-react's hook and a zod object.
import { useMcpTool } from "webmcp-react";
import { z } from "zod";

const AddLine = z.object({
  sku: z.string().min(3).describe("Catalogue SKU of the product."),
  quantity: z.number().int().min(1).max(5).describe("How many to add, at most 5."),
});

export function CartLine() {
  useMcpTool({
    name: "addCartLine",
    description: "Adds a product to the shopping cart.",
    input: AddLine,
    handler: async (line) => {
      await fetch("/api/cart/lines", { method: "POST", body: JSON.stringify(line) });
      return { content: [{ type: "text", text: "Added." }] };
    },
  });
  return null;
}
