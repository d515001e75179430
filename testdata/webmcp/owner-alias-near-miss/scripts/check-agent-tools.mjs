// Opens the planner in a real browser and asks its model context which tools it offers.
import { chromium } from "playwright";

const browser = await chromium.launch();
const page = await browser.newPage();
await page.goto(process.env.PLANNER_URL ?? "http://localhost:5173");
const names = await page.evaluate(async () => {
  const tools = await window.navigator.modelContext.getTools();
  return tools.map((t) => t.name);
});
console.log(names.join("\n"));
await browser.close();
