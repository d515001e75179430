const shelves = new Map<string, number>();

export async function runAction(name: string, args: Record<string, unknown>): Promise<unknown> {
  if (name === "list_bins") return Object.fromEntries(shelves);
  const bin = String(args.bin);
  if (name === "move_bin") {
    shelves.set(bin, Number(args.shelf));
    return { moved: bin };
  }
  return { label: `BIN ${bin}` };
}
