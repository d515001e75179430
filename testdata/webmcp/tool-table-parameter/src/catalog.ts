export interface Action {
  name: string;
  description: string;
  advanced: boolean;
}

/** Every action the planner offers; the simple mode shows the basic ones only. */
export const ACTIONS: Action[] = [
  { name: "list_bins", description: "Lists the storage bins and what each holds.", advanced: false },
  { name: "move_bin", description: "Moves a bin to another shelf (shelf: 1-8).", advanced: true },
  { name: "label_bin", description: "Prints a label for a bin.", advanced: false },
];

export const INPUTS: Record<string, Record<string, unknown>> = {
  move_bin: {
    type: "object",
    properties: {
      bin: { type: "string", description: "Bin code, e.g. A-03." },
      shelf: { type: "integer", minimum: 1, maximum: 6, description: "Target shelf." },
    },
    required: ["bin", "shelf"],
  },
  label_bin: {
    type: "object",
    properties: { bin: { type: "string", description: "Bin code, e.g. A-03." } },
    required: ["bin"],
  },
};

export function offeredActions(mode: "simple" | "full"): Action[] {
  if (mode === "full") return ACTIONS;
  const basic = ACTIONS.filter((a) => !a.advanced);
  basic.sort((a, b) => a.name.localeCompare(b.name));
  return basic;
}
