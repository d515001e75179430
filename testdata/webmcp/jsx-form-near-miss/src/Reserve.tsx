// The reservation form, offered to in-browser agents as a declarative WebMCP tool; its
// guest count comes from the shop's own number field component.
import { useState } from "react";
import { NumberField } from "./NumberField";

export function Reserve() {
  const [sent, setSent] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    await fetch("/api/reservations", { method: "POST", body });
    setSent(true);
  }

  return (
    <form
      onSubmit={onSubmit}
      toolname="reserveTable"
      tooldescription="Reserves a table on a given evening."
    >
      <NumberField name="guests" label="Number of guests, from 1 through 12" min={1} max={12} />
      <label>
        Evening <input name="date" type="date" required />
      </label>
      <button type="submit" disabled={sent}>Reserve</button>
    </form>
  );
}

// A plain search form: no tool attributes, not a tool.
export function Search() {
  return (
    <form action="/search">
      <input name="q" maxLength={40} />
    </form>
  );
}
