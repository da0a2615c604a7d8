import type { AssessmentJson } from '../api.ts';
import { GoalsSection } from './goals-section.tsx';
import { SideBySide } from './side-by-side.tsx';
import { SignOffSection } from './sign-off-section.tsx';

/**
 * What a training report shows below its criteria: the self-assessment beside the trainer's
 * evaluation, the goals, the sign-off. Loaded apart from the assessment page, so the other
 * assessments do not carry its dialogs' fields.
 */
export default function TrainingReportSections(props: {
  detail: AssessmentJson;
  onChanged: (detail: AssessmentJson) => void;
}) {
  return (
    <>
      <SideBySide detail={props.detail} />
      <GoalsSection detail={props.detail} />
      <SignOffSection detail={props.detail} onChanged={props.onChanged} />
    </>
  );
}
