/** The database could not be opened, or the options to open it are wrong: one line, never a stack. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
