import { useState } from "react";

/** The recipe filter, also offered to in-browser agents as a declarative tool. */
export function RecipeFilter({ onFilter }: { onFilter: (q: string, servings: number) => void }) {
  const [query, setQuery] = useState("");
  const [servings, setServings] = useState(2);
  return (
    <form
      // @ts-expect-error -- WebMCP's declarative attributes are not in React's types yet
      toolname="filter_recipes"
      tooldescription="Filters the recipes by what they contain, for 1-12 servings."
      onSubmit={(e) => {
        e.preventDefault();
        onFilter(query, servings);
      }}
    >
      <label htmlFor="q">Ingredients or dish</label>
      <input
        id="q"
        type="text"
        name="query"
        required
        value={query}
        placeholder={'e.g. "lentils" or "quick pasta"'}
        onChange={(e) => setQuery(e.target.value)}
      />
      <label htmlFor="servings">Servings</label>
      <input
        id="servings"
        type="number"
        name="servings"
        min="1"
        max="8"
        value={servings}
        onChange={(e) => setServings(Number(e.target.value))}
      />
      <button type="submit">Filter</button>
    </form>
  );
}
