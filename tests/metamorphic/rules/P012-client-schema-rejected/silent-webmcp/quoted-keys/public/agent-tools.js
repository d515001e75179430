// Metamorphic: every object key written as a quoted string.
// The recipe box's tools for in-browser agents, written within the WebMCP validation subset:
// what the subset cannot say (a title, how many recipes, a date's format) is in the text.
const modelContext = document.modelContext;

modelContext.registerTool({
  "name": "scaleRecipe",
  "description": "Scale a recipe: scales a saved recipe to a number of servings from 1 through 24.",
  "annotations": { "readOnlyHint": true },
  "inputSchema": {
    "type": "object",
    "properties": {
      "recipeId": { "type": "string", "description": "Recipe to scale, for example R-1042.", "pattern": "^R-[0-9]+$" },
      "servings": { "type": "integer", "description": "Servings wanted, from 1 through 24.", "minimum": 1, "maximum": 24 },
      "units": { "type": "string", "description": "Units for the amounts.", "enum": ["metric", "imperial"], "default": "metric" }
    },
    "required": ["recipeId", "servings"],
    "additionalProperties": false
  },
  async execute({ recipeId, servings, units }) {
    const res = await fetch(`/api/recipes/${encodeURIComponent(recipeId)}/scaled?servings=${servings}&units=${units ?? "metric"}`);
    return { "content": [{ "type": "text", "text": await res.text() }] };
  }
});

modelContext.registerTool({
  "name": "planWeek",
  "description": "Puts one to seven saved recipes (each once) on the meal plan of the week starting on the given Monday.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "week": { "type": "string", "description": "Monday of the week, for example 2026-12-07.", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
      "recipeIds": {
        "type": "array",
        "description": "Recipes to plan, one to seven, each once.",
        "items": { "type": "string" }
      },
      "notes": {
        "type": "array",
        "description": "Notes to show beside recipes.",
        "items": {
          "type": "object",
          "properties": {
            "recipeId": { "type": "string", "description": "Recipe the note is for." },
            "text": { "type": "string", "description": "The note, at most 140 characters.", "maxLength": 140 }
          },
          "required": ["recipeId", "text"],
          "additionalProperties": false
        }
      }
    },
    "required": ["week", "recipeIds"],
    "additionalProperties": false
  },
  async execute(input) {
    const res = await fetch("/api/plan", {
      "method": "POST",
      "headers": { "Content-Type": "application/json" },
      "body": JSON.stringify(input)
    });
    return { "content": [{ "type": "text", "text": await res.text() }] };
  }
});
