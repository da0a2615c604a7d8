/**
 * The rows the queries answer, by the names presenters and commands use for them (a presenter
 * imports these types, never db/).
 */
import type {
  assessmentGroups,
  assignments,
  cohorts,
  criterionBlockTemplates,
  criterionTemplates,
  moduleBlocks,
  moduleCriteria,
  modules,
  moduleTemplates,
  profiles,
  units,
  users,
} from '../db/schema/index.ts';

export type UnitRow = typeof units.$inferSelect;
export type UserRow = typeof users.$inferSelect;
/** A profile as read for answers: its search text stays in the database. */
export type ProfileRow = Omit<typeof profiles.$inferSelect, 'searchText'>;
export type AssignmentRow = typeof assignments.$inferSelect;
export type CohortRow = typeof cohorts.$inferSelect;
export type TemplateRow = typeof moduleTemplates.$inferSelect;
export type BlockTemplateRow = typeof criterionBlockTemplates.$inferSelect;
export type CriterionTemplateRow = typeof criterionTemplates.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type ModuleBlockRow = typeof moduleBlocks.$inferSelect;
export type ModuleCriterionRow = typeof moduleCriteria.$inferSelect;
export type GroupRow = typeof assessmentGroups.$inferSelect;
