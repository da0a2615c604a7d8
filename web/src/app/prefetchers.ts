import { profileQuery } from '../features/home/profile-query.ts';
import { PREFETCHERS } from './prefetch.ts';
import { session } from './session.ts';

/** Which data each page needs first; features add their pages here with their own query keys. */
PREFETCHERS.home = (client) => {
  const id = session.get().user?.profile;
  return id ? client.fetchQuery(profileQuery(id)) : Promise.resolve();
};
