// The clinic's limits, one module of the package.
export const WARDS = ["north", "south"];
