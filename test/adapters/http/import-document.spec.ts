import { expect } from 'chai';
import type { ImportItem } from '../../../application/portability/import-document.js';
import { readImportDocument } from '../../../bootstrap/index.js';

const DOCUMENT = JSON.stringify({
  format: 'workspace-api/export',
  version: 1,
  clients: [{ id: 7, name: 'Café Ünïcode ☕', created_at: '2026-11-20 09:00:00' }],
});

async function* chunksOf(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const itemsOf = async (source: AsyncIterable<Buffer>) => {
  const items: ImportItem[] = [];
  for await (const item of readImportDocument(source)) items.push(item);
  return items;
};

/** CONTRACT §12: the import reads its document as it arrives, in chunks of any size. */
describe('Import document: reading bytes as they arrive', () => {
  it('reads the same records whatever the chunks, a character split between two of them included', async () => {
    const bytes = Buffer.from(DOCUMENT, 'utf8');
    const whole = await itemsOf(chunksOf(bytes, bytes.length));
    expect(whole.map((item) => item.kind)).to.deep.equal(['record']);
    for (const size of [1, 2, 3, 5]) expect(await itemsOf(chunksOf(bytes, size))).to.deep.equal(whole);
  });

  it('drops a byte-order mark before the document', async () => {
    const bytes = Buffer.from(`\uFEFF${DOCUMENT}`, 'utf8');
    expect(await itemsOf(chunksOf(bytes, 2))).to.deep.equal(
      await itemsOf(chunksOf(Buffer.from(DOCUMENT), 64)),
    );
  });

  it('ends a document whose bytes are not UTF-8, or whose text is not JSON, as unreadable', async () => {
    const latin1 = Buffer.from(DOCUMENT.replace('Café', 'Caf\u00e9'), 'latin1');
    const broken = await itemsOf(chunksOf(latin1, 16));
    expect(broken.at(-1)?.kind).to.equal('unreadable');
    const cut = await itemsOf(chunksOf(Buffer.from(DOCUMENT.slice(0, -3)), 16));
    expect(cut.at(-1)?.kind).to.equal('unreadable');
  });
});
