// Portion sizes offered by the filter, shared with the shopping list.
export const SMALL = window.innerWidth > 0 ? 2 : 1;
export const LARGE = SMALL * 4;
