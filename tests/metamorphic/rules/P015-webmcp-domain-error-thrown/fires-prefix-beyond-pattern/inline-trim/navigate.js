// Metamorphic: the string test and the trim written in `execute` instead of a helper
// The docs site's navigation tool. The path is trimmed by a helper and must be under
// `/docs/`: the schema's pattern `^/` admits `/blog/x` as well, which the throw turns away
// without a reason the agent can read.
function requireText(input, key) {
  const value = input[key];
  if (typeof value !== "string") {
    throw new TypeError(`${key} must be a string.`);
  }
  return value.trim();
}

function internalPath(path) {
  if (!path.startsWith("/docs/")) {
    throw new TypeError("path must be a documentation page under /docs/.");
  }
  return path;
}

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
    if (typeof input.path !== "string") {
      throw new TypeError("path must be a string.");
    }
    const path = internalPath(input.path.trim());
    location.assign(path);
    return { content: [{ type: "text", text: `Opened ${path}.` }] };
  },
});
