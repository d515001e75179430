const panels = new Map<string, { title: string; read: () => unknown }>();

/** Shows a value on the kiosk's analytics panel under `key`. */
export function useWebMCPContext(key: string, title: string, read: () => unknown): void {
  panels.set(key, { title, read });
}
