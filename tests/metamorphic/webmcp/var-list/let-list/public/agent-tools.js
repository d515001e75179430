// Metamorphic: the list bound with `let`, never reassigned, instead of `var`.
// The ferry company's documentation site offers two tools to in-browser agents. Written for
// old browsers too: `var`, function expressions, and a retry until the API shows up.
(function () {
  var origin = window.location.origin;

  function registerTools() {
    if (!document.modelContext || typeof document.modelContext.registerTool !== "function") {
      return false;
    }

    let tools = [
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
      {
        name: "get_fare_table_link",
        description: "Link to the fare table for this season.",
        inputSchema: { type: "object", properties: {}, additionalProperties: false },
        execute: async function () {
          return { url: origin + "/fares.pdf" };
        },
      },
    ];

    tools.forEach(function (tool) {
      try {
        document.modelContext.registerTool(tool);
      } catch (error) {
        console.error("could not register " + tool.name, error);
      }
    });
    return true;
  }

  if (!registerTools()) {
    var tries = 0;
    var timer = window.setInterval(function () {
      tries += 1;
      if (registerTools() || tries >= 10) window.clearInterval(timer);
    }, 500);
  }
})();
