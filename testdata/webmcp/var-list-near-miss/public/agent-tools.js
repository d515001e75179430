// The ferry company's documentation site offers its tools to in-browser agents, and a
// partner script may add its own to the list before they are registered.
(function () {
  var origin = window.location.origin;

  function registerTools() {
    if (!document.modelContext || typeof document.modelContext.registerTool !== "function") {
      return false;
    }

    var tools = [
      {
        name: "get_timetable_link",
        description: "Link to the printable timetable of one route.",
        inputSchema: {
          type: "object",
          properties: {
            route: {
              type: "string",
              description: "Route to print. Supported values: north, south, island.",
            },
          },
          required: ["route"],
          additionalProperties: false,
        },
        execute: async function (input) {
          return { url: origin + "/timetables/" + encodeURIComponent(input.route) + ".pdf" };
        },
      },
    ];
    if (Array.isArray(window.partnerTools)) {
      tools = tools.concat(window.partnerTools);
    }

    tools.forEach(function (tool) {
      document.modelContext.registerTool(tool);
    });
    return true;
  }

  registerTools();
})();
