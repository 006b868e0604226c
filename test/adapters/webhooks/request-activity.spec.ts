import { expect } from 'chai';
import { RequestActivity } from '../../../adapters/webhooks/request-activity.js';

/** Issue 57, item 15: deliveries yield to the requests the process answers. */
describe('deliveries paced by the requests answered meanwhile', () => {
  const paced = () => {
    let now = 0;
    const waits: number[] = [];
    const activity = new RequestActivity(
      () => now,
      async (ms) => {
        waits.push(ms);
      },
    );
    const batch = (tookMs: number, answered: number) => async () => {
      for (let i = 0; i < answered; i++) activity.answer();
      now += tookMs;
      return 'sent';
    };
    return { activity, waits, batch };
  };

  it('pauses after a batch twice as long as the batch took when requests were answered during it', async () => {
    const { activity, waits, batch } = paced();
    expect(await activity.paced(batch(40, 3))).to.equal('sent');
    expect(waits).to.deep.equal([80]);
  });

  it('goes straight on after a batch during which no request was answered', async () => {
    const { activity, waits, batch } = paced();
    activity.answer();
    expect(await activity.paced(batch(40, 0))).to.equal('sent');
    expect(waits).to.deep.equal([]);
  });
});
