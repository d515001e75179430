import { startAgentBridge } from "./tools.js";

startAgentBridge((text) => {
  document.getElementById("status").textContent = text;
});
