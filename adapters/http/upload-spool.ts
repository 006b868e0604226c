import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

class TooLarge extends Error {}

/** An upload kept whole on disk: read it as often as needed; it is removed once answered. */
export class SpooledUpload {
  constructor(private readonly path: string) {}

  read(): Readable {
    return createReadStream(this.path);
  }
}

/**
 * Keeps an upload in a temporary file until it has all arrived, refusing one past `limitBytes`:
 * the work that reads it (an import, in one transaction) then runs at the disk's pace, never held
 * open by a slow sender.
 */
export const spoolUpload = async (
  body: Readable,
  limitBytes: number,
): Promise<{ readonly upload: SpooledUpload; remove(): Promise<void> } | 'too-large'> => {
  const directory = await mkdtemp(join(tmpdir(), 'workspace-upload-'));
  const path = join(directory, 'upload');
  const remove = () => rm(directory, { recursive: true, force: true });
  let bytes = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limitBytes ? new TooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, limited, createWriteStream(path));
  } catch (error) {
    await remove();
    if (error instanceof TooLarge) return 'too-large';
    throw error;
  }
  return { upload: new SpooledUpload(path), remove };
};
