/** The database could not be opened: one line for the operator, never a stack. */
export class StartupError extends Error {}
