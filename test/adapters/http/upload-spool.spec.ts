import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect } from 'chai';
import { spoolUpload } from '../../../adapters/http/upload-spool.js';

describe('an upload kept whole on disk before it is read (POST /v1/import)', () => {
  it('hands back exactly the bytes sent, as often as read, and removes them when told', async () => {
    const spooled = await spoolUpload(Readable.from([Buffer.from('{"format":'), Buffer.from('"x"}')]), 14);
    if (spooled === 'too-large') throw new Error('refused an upload within its limit');
    expect(await text(spooled.upload.read())).to.equal('{"format":"x"}');
    expect(await text(spooled.upload.read())).to.equal('{"format":"x"}');
    const stream = spooled.upload.read();
    const path = String((stream as Readable & { path: string }).path);
    stream.destroy();
    await spooled.remove();
    expect(existsSync(dirname(path))).to.equal(false);
  });

  it('refuses an upload one byte past its limit, and leaves no file behind', async () => {
    const uploads = () => readdirSync(tmpdir()).filter((name) => name.startsWith('workspace-upload-'));
    const before = uploads();
    const refused = await spoolUpload(Readable.from([Buffer.alloc(10), Buffer.alloc(5)]), 14);
    expect(refused).to.equal('too-large');
    expect(uploads()).to.deep.equal(before);
  });
});
