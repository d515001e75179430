// Metamorphic: the drafts pushed in a loop over their labels
// The page registers one tool; the drafts it fills by `push` are only shown in the console,
// never registered, so nothing in them is a published tool.
(function (root, factory) {
  factory(root);
})(typeof globalThis !== "undefined" ? globalThis : this, function (root) {
  "use strict";

  function createDraft(label) {
    return {
      name: label,
      description: "A draft, not registered.",
      inputSchema: {
        type: "object",
        properties: {
          text: { type: "string", maxLength: 3000, description: "Text, at most 5000 characters." },
        },
      },
    };
  }

  function drafts(environment = root) {
    const list = [];
    for (const label of ["convert_text", "count_characters"]) list.push(createDraft(label));
    return list;
  }

  function registerTools(environment = root) {
    const context = environment.document?.modelContext;
    if (typeof context?.registerTool !== "function") return;
    environment.console?.table?.(drafts(environment));
    context.registerTool({
      name: "count_characters",
      description: "Counts the characters, words and lines of a text, at most 3000 characters.",
      inputSchema: {
        type: "object",
        properties: {
          text: { type: "string", maxLength: 3000, description: "Text to count." },
        },
        required: ["text"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      execute: async ({ text }) => JSON.stringify(environment.TextEngine.count(text)),
    });
  }

  registerTools(root);
});
