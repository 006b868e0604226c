import type { ChangeResource } from '../../../application/ports/change-log.port.js';
import type { ResourceRecords } from '../../../application/ports/current-records.port.js';
import {
  presentClient,
  presentMoney,
  presentNamed,
  presentNote,
  presentProject,
  presentTime,
} from './record.presenters.js';
import { presentTask } from './task.presenter.js';

/** Each resource's record as `GET` answers it. */
const PRESENTERS: { readonly [R in ChangeResource]: (record: ResourceRecords[R]) => object } = {
  tasks: presentTask,
  clients: presentClient,
  projects: presentProject,
  notes: presentNote,
  categories: presentNamed,
  cards: presentNamed,
  times: presentTime,
  moneys: presentMoney,
};

/** A record of any resource as `GET` answers it: what sync changes and webhook events carry. */
export const presentRecord = <R extends ChangeResource>(resource: R, record: ResourceRecords[R]): object => {
  const present: (record: ResourceRecords[R]) => object = PRESENTERS[resource];
  return present(record);
};
