import { expect } from 'chai';
import { MAX_DETAILS } from '../../../application/shared/validation-detail.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

/** 80,000 fields no task has, as one JSON object (about 1 MB). */
const manyUnknownFields = (count: number) =>
  Object.fromEntries([['title', 'ok'], ...Array.from({ length: count }, (_, i) => [`f${i}`, 0])]);

/**
 * A request's validation work is bounded by what it reports, not by what it sends: the details
 * stop at MAX_DETAILS and the message says how many more there were (issue 57, item 10).
 */
describe('HTTP: validation of a huge body is bounded', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', 'tasks:*');
  });

  afterEach(() => world.close());

  it('lists the first MAX_DETAILS problems of 80,000 unknown fields and counts the rest in the message', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      payload: manyUnknownFields(80_000),
    });
    expect(response.statusCode).to.equal(400);
    const { error } = response.json();
    expect(error.code).to.equal('VALIDATION_ERROR');
    expect(error.details).to.have.length(MAX_DETAILS);
    expect(error.details[0]).to.deep.include({ field: 'f0', code: 'UNKNOWN_FIELD' });
    expect(error.details.at(-1)).to.deep.include({ field: `f${MAX_DETAILS - 1}` });
    expect(error.message).to.include(`${(80_000 - MAX_DETAILS).toLocaleString('en')} more`);
    expect(response.body.length).to.be.below(20_000);
  });

  it('keeps every detail, and the plain message, up to MAX_DETAILS problems', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      payload: manyUnknownFields(MAX_DETAILS),
    });
    const { error } = response.json();
    expect(error.details).to.have.length(MAX_DETAILS);
    expect(error.message).to.equal('The request is not valid.');
  });

  it('bounds a batch body the same way', async () => {
    const operations = Array.from({ length: 100 }, () => ({ method: 'GET', path: '/v1/tasks', extra: 1 }));
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/batch',
      payload: { operations, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x${i}`, i])) },
    });
    expect(response.statusCode).to.equal(400);
    const { error } = response.json();
    expect(error.details).to.have.length(MAX_DETAILS);
    expect(error.message).to.match(/\d[\d,]* more/);
  });
});
