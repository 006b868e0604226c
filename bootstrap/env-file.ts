import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads `.env` from the working directory into the environment when there is one (what
 * `.env.example` asks an operator to copy): the server and the CLI see the same settings. A variable
 * already in the environment wins over the file, so `PORT=4000 npm start` still means 4000.
 */
export const readEnvFile = (directory = process.cwd()): void => {
  const file = join(directory, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
};
