// The desk registers both tools on a mocked model context (not a page: never served).
import { describe, expect, it, vi } from "vitest";
import { HireDesk } from "../register";

describe("HireDesk", () => {
  it("registers every tool", () => {
    const registerTool = vi.fn();
    Object.defineProperty(document, "modelContext", { value: { registerTool }, configurable: true });
    (navigator as any).modelContext = { registerTool };
    new HireDesk().register();
    expect(registerTool).toHaveBeenCalledTimes(2);
  });
});
