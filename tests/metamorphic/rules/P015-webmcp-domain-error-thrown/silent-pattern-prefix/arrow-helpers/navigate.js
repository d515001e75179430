// Metamorphic: the helpers written as arrows held by constants
// The docs site's navigation tool. The path is trimmed by a helper and must begin with `/`:
// the schema's pattern `^/` already makes every path it admits begin so (trimming keeps a
// leading `/`), so only a call outside the published schema meets the throw.
const requireText = (input, key) => {
  const value = input[key];
  if (typeof value !== "string") {
    throw new TypeError(`${key} must be a string.`);
  }
  return value.trim();
};

const internalPath = (path) => {
  if (!path.startsWith("/")) {
    throw new TypeError("path must be an internal path beginning with /.");
  }
  return path;
};

document.modelContext.registerTool({
  name: "navigate",
  description: "Opens a page of this site in the current tab.",
  inputSchema: {
    type: "object",
    properties: {
      path: {
        type: "string",
        minLength: 1,
        maxLength: 512,
        pattern: "^/",
        description: "An internal path such as /docs/install.",
      },
    },
    required: ["path"],
    additionalProperties: false,
  },
  async execute(input) {
    const requested = requireText(input, "path");
    const path = internalPath(requested);
    location.assign(path);
    return { content: [{ type: "text", text: `Opened ${path}.` }] };
  },
});
