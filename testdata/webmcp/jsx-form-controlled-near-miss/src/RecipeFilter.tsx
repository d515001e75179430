import { useState } from "react";
import { LARGE, SMALL } from "./portions";

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
      <fieldset>
        <legend>Servings</legend>
        {/* A radio button's value is the option it offers: computed, the choices are unknown. */}
        <input type="radio" name="servings" value={SMALL} onChange={() => setServings(SMALL)} />
        <input type="radio" name="servings" value={LARGE} onChange={() => setServings(LARGE)} />
      </fieldset>
      <button type="submit">Filter</button>
    </form>
  );
}
