export interface ToolMetadata {
  id: string;
  domains: string[];
}
