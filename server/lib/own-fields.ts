import type { ModuleRow, TemplateRow } from '../queries/rows.ts';

/**
 * The own fields of a module and of a module template as the API writes them: shared by their
 * answers (presenters) and what the audit trail keeps of them (commands/audit.ts).
 */
export const moduleFields = (module: ModuleRow) => ({
  id: module.id,
  name: module.name,
  template: module.templateId,
  module_type: module.moduleType,
  language: module.language,
  rounding_formula: module.roundingFormula,
  graded: module.graded,
  unit: module.unitId,
  cohort: module.cohortId,
  start_date: module.startDate,
  end_date: module.endDate,
  status: module.status,
});

export const templateFields = (template: TemplateRow) => ({
  id: template.id,
  template_name: template.templateName,
  module_type: template.moduleType,
  description: template.description,
  language: template.language,
  status: template.status,
  rounding_formula: template.roundingFormula,
  graded: template.graded,
  unit: template.unitId,
  version: template.version,
});
