// The reservation form, offered to in-browser agents as a declarative WebMCP tool.
import { useState } from "react";

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
      className="reserve"
    >
      <label htmlFor="guests">Number of guests, from 1 through 12</label>
      <input id="guests" name="guests" type="number" min="1" max={8} required />
      <label>
        Evening <input name="date" type="date" required />
      </label>
      <select name="area" defaultValue="inside" toolparamdescription="Where to sit">
        <option value="inside">Inside</option>
        <option value="terrace">Terrace</option>
      </select>
      <textarea name="note" maxLength={200} toolparamdescription="Anything the kitchen should know" />
      <button type="submit" disabled={sent}>Reserve</button>
      {sent && <p>Thank you, see you soon.</p>}
    </form>
  );
}
