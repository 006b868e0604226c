/** What a tool call answered, as the MCP SDK's client hands it over. */
export interface Called {
  readonly isError?: boolean;
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  /** The API's JSON answer (parsed: any shape the route answers). */
  readonly structuredContent?: ReturnType<typeof JSON.parse>;
}
