// Every tool the hire desk offers, from one place.
export { reserveBike } from "./reserve";
export { default as returnTools } from "./returns";
