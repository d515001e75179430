// A Create React App console: components are written with JSX in .js files.
import { useEffect, useState } from "react";

const setVentTool = {
  name: "set_vent",
  description: "Open a greenhouse vent to a percentage, 0 to 100.",
  inputSchema: {
    type: "object",
    properties: {
      vent: { type: "string", enum: ["north", "south", "roof"], description: "Which vent." },
      percent: { type: "integer", minimum: 0, maximum: 100, description: "How far to open it." }
    },
    required: ["vent", "percent"],
    additionalProperties: false
  },
  async execute({ vent, percent }) {
    if (!["north", "south", "roof"].includes(vent)) {
      throw new Error(`unknown vent ${vent}`);
    }
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new Error("percent must be an integer from 0 to 100");
    }
    return { content: [{ type: "text", text: `${vent} vent at ${percent}%` }] };
  }
};

export default function App() {
  const [status, setStatus] = useState("idle");
  useEffect(() => {
    const controller = new AbortController();
    document.modelContext?.registerTool(setVentTool, { signal: controller.signal });
    setStatus("tools registered");
    return () => controller.abort();
  }, []);
  return (
    <main className="console">
      <h1>Greenhouse</h1>
      <p>{status}</p>
    </main>
  );
}
