// Metamorphic: a block instead of the UMD wrapper, each function defaulting to `window`
// The text tools this page offers, registered on whichever window the UMD wrapper is given
// (the page's own, unless a test hands in another).
{
  const root = window;

  const MAX_CHARACTERS = 3000;

  function createConverterTool(environment = window) {
    return {
      name: "convert_text",
      description: "Converts text between simplified and traditional characters.",
      inputSchema: {
        type: "object",
        properties: {
          text: {
            type: "string",
            maxLength: MAX_CHARACTERS,
            description: "Text to convert, at most 5000 characters.",
          },
          direction: { type: "string", enum: ["s2t", "t2s"], description: "Which way to convert." },
        },
        required: ["text"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      execute: async ({ text, direction = "s2t" }) => environment.TextEngine.convert(text, direction),
    };
  }

  function createCounterTool(environment = window) {
    return {
      name: "count_characters",
      description: "Counts the characters, words and lines of a text.",
      inputSchema: {
        type: "object",
        properties: {
          text: { type: "string", maxLength: MAX_CHARACTERS, description: "Text to count." },
        },
        required: ["text"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      execute: async ({ text }) => JSON.stringify(environment.TextEngine.count(text)),
    };
  }

  function applicableTools(environment = window) {
    const document = environment.document;
    if (!document) return [];
    const tools = [];
    if (document.querySelector?.("#converter")) tools.push(createConverterTool(environment));
    if (document.body?.dataset?.page === "counter") tools.push(createCounterTool(environment));
    return tools;
  }

  async function registerTools(environment = window) {
    const tools = applicableTools(environment);
    if (!tools.length) return [];
    const context = environment.document?.modelContext;
    if (typeof context?.registerTool !== "function") return [];
    await Promise.all(tools.map((tool) => context.registerTool(tool)));
    return tools;
  }

  if (root.document) registerTools(root);

  window.TextTools = { createConverterTool, createCounterTool, registerTools };
}
