import { gradeSummaryQuery } from '../shared/api/grade-summary.ts';
import { assessmentQuery } from '../features/assessments/api.ts';
import { profileQuery } from '../shared/api/profiles.ts';
import { moduleQuery } from '../features/modules/api.ts';
import { templateQuery } from '../shared/api/templates.ts';
import { PREFETCHERS } from './prefetch.ts';
import { session } from '../shared/session.ts';

/** Which data each page needs first; features add their pages here with their own query keys. */
PREFETCHERS.home = (client) => {
  const id = session.get().user?.profile;
  return id ? client.fetchQuery(profileQuery(id)) : Promise.resolve();
};

PREFETCHERS['grade-summary'] = (client, params) =>
  client.prefetchQuery(gradeSummaryQuery(Number(params.id)));

PREFETCHERS['module-detail'] = (client, params) =>
  client.prefetchQuery(moduleQuery(Number(params.id)));
PREFETCHERS['module-edit'] = PREFETCHERS['module-detail'];

PREFETCHERS['assessment-detail'] = (client, params) =>
  client.prefetchQuery(assessmentQuery(Number(params.id)));

PREFETCHERS['template-detail'] = (client, params) =>
  client.prefetchQuery(templateQuery(Number(params.id)));
PREFETCHERS['template-edit'] = PREFETCHERS['template-detail'];
