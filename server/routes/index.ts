import type { FastifyInstance } from 'fastify';
import { aboutRoutes } from './about.ts';
import { changelogRoutes } from './changelog.ts';
import { healthRoutes } from './health.ts';
import { authRoutes } from './auth.ts';
import { userRoutes } from './users.ts';
import { ownSecondFactorRoutes, secondFactorProofRoutes } from './second-factors.ts';
import { assignmentRoutes } from './assignments.ts';
import { profileInvitationRoutes } from './profile-invitations.ts';
import { profileRoutes } from './profiles.ts';
import { profileImportRoutes } from './profile-import.ts';
import { unitRoutes } from './units.ts';
import { assessmentInstanciateRoutes, assessmentRoutes } from './assessments.ts';
import { evaluationRoutes } from './evaluations.ts';
import {
  goalRoutes,
  trainingReportAssessmentRoutes,
  signLinkRoutes,
  trainingReportRoutes,
} from './training-reports.ts';

import { cohortGradeSummaryRoutes, gradeSummaryRoutes } from './grade-summary.ts';
import { personalRecordRoutes } from './personal-records.ts';
import { retentionRoutes } from './retention.ts';
import { studentsAtRiskRoutes } from './students-at-risk.ts';
import { notificationPreferenceRoutes, notificationRoutes } from './notifications.ts';
import { moduleTemplateRoutes } from './module-templates.ts';
import { blockTemplateRoutes } from './block-templates.ts';
import { criterionTemplateRoutes } from './criterion-templates.ts';
import { moduleRoutes } from './modules.ts';
import { moduleProgressionRoutes } from './module-progression.ts';
import { assessmentGroupRoutes } from './assessment-groups.ts';
import { cohortRoutes } from './cohorts.ts';
import { notFound } from '../lib/errors.ts';
import { accessControl } from '../auth/access.ts';
import { rateLimits } from '../lib/rate-limit.ts';

/** Every resource of spec section 7, one file each, under /api. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(accessControl);
  await app.register(rateLimits);
  await app.register(aboutRoutes);
  await app.register(changelogRoutes);
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(secondFactorProofRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(ownSecondFactorRoutes, { prefix: '/users' });
  await app.register(unitRoutes, { prefix: '/units' });
  await app.register(assignmentRoutes, { prefix: '/assignments' });
  await app.register(profileRoutes, { prefix: '/profiles' });
  await app.register(profileInvitationRoutes, { prefix: '/profiles' });
  await app.register(profileImportRoutes, { prefix: '/profiles' });
  await app.register(assessmentRoutes, { prefix: '/assessments' });
  await app.register(evaluationRoutes, { prefix: '/assessments' });
  await app.register(trainingReportAssessmentRoutes, { prefix: '/assessments' });
  await app.register(goalRoutes, { prefix: '/goals' });
  await app.register(trainingReportRoutes, { prefix: '/training-reports' });
  await app.register(signLinkRoutes, { prefix: '/training-reports' });
  await app.register(assessmentInstanciateRoutes, { prefix: '/modules/instances' });
  await app.register(gradeSummaryRoutes, { prefix: '/profiles' });
  await app.register(personalRecordRoutes, { prefix: '/profiles' });
  await app.register(retentionRoutes, { prefix: '/retention' });
  await app.register(studentsAtRiskRoutes, { prefix: '/students' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(notificationPreferenceRoutes, { prefix: '/users' });
  await app.register(moduleTemplateRoutes, { prefix: '/modules/templates' });
  await app.register(blockTemplateRoutes, { prefix: '/assessments/blocks/templates' });
  await app.register(criterionTemplateRoutes, { prefix: '/assessments/criteria/templates' });
  await app.register(moduleRoutes, { prefix: '/modules/instances' });
  await app.register(moduleProgressionRoutes, { prefix: '/modules/instances' });
  await app.register(assessmentGroupRoutes, { prefix: '/assessments/groups' });
  await app.register(cohortRoutes, { prefix: '/cohorts' });
  await app.register(cohortGradeSummaryRoutes, { prefix: '/cohorts' });
  app.setNotFoundHandler(() => {
    throw notFound();
  });
}
