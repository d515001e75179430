const tiles = Array.from({ length: 12 }, (_, i) => ({ position: i + 1, face: null }));

export function flip(position) {
  const tile = tiles[position - 1];
  tile.face = tile.face === null ? "star" : null;
  return tile;
}

export function board() {
  return tiles.filter((t) => t.face !== null);
}
