/** The browser's model context: on `document` in current builds, `navigator` in older ones. */
export function getModelContext() {
  const fromDocument = document.modelContext;
  if (fromDocument && typeof fromDocument.registerTool === "function") return fromDocument;
  const fromNavigator = navigator.modelContext;
  if (fromNavigator && typeof fromNavigator.registerTool === "function") return fromNavigator;
  return null;
}
