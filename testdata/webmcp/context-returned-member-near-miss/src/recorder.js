export function createRecorder() {
  const seen = [];
  return {
    registerTool(tool) {
      seen.push(tool.name);
      console.info("would publish", tool.name);
    },
  };
}
