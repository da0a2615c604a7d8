import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { statusOf, type QueueState } from './save-queue.ts';

/**
 * The sticky bar of the page: whether everything is saved (announced politely to screen
 * readers), "Retry now" after a failure, and the module grade as it is now.
 */
export function SaveState(props: {
  queue: QueueState;
  editable: boolean;
  moduleGrade: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const status = statusOf(props.queue);
  const refused = status === 'failed' && props.queue.failures === 0;
  const text = !props.editable
    ? ''
    : refused
      ? t('assessment.save.refused')
      : t(`assessment.save.${status}`);
  return (
    <Box
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        mx: { xs: -2, md: 0 },
        backgroundColor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        role="status"
        aria-live="polite"
        data-testid="save-state"
        sx={{ flexGrow: 1, fontWeight: 500, ...(status === 'failed' ? DANGER_TEXT : {}) }}
      >
        {text}
      </Box>
      {props.editable && status === 'failed' && !refused && (
        <Button variant="outlined" onClick={props.onRetry} sx={{ minHeight: 44 }}>
          {t('assessment.save.retry')}
        </Button>
      )}
      {props.moduleGrade !== null && (
        <Box sx={{ fontWeight: 700 }} data-testid="module-grade">
          {props.moduleGrade}
        </Box>
      )}
    </Box>
  );
}
