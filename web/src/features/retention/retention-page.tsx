import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ErasableStudent } from '../../../../domain/schemas/retention.ts';
import { BusyRows } from '../../components/busy-rows.tsx';
import { MoreButton, useMoreLimit } from '../../components/more-button.tsx';
import { ListRow } from '../../components/list-row.tsx';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { formatDay } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';

interface RetentionPage {
  count: number;
  results: ErasableStudent[];
  retention_years: number;
  cutoff: string;
}

const fullName = (s: ErasableStudent) => `${s.first_name} ${s.last_name}`;

/** /retention: the students whose retention ran out, each erased on confirmation (admins). */
export default function RetentionPage() {
  const { t, locale } = useTranslation();
  const client = useQueryClient();
  const { limit, more } = useMoreLimit();
  const [erasing, setErasing] = useState<ErasableStudent | null>(null);
  const list = useQuery({
    queryKey: ['retention', limit],
    queryFn: ({ signal }) => api.get<RetentionPage>(`/retention/?limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const erase = useMutation({
    mutationFn: (student: ErasableStudent) => api.post(`/profiles/${student.id}/erase/`, {}),
    onSuccess: async () => {
      toast({ type: 'success', description: t('retention.erased') });
      await client.invalidateQueries({ queryKey: ['retention'] });
      await client.invalidateQueries({ queryKey: ['profiles'] });
    },
    onError: (error) =>
      toast({ type: 'error', description: refusalMessage(error, t('errors.network')) }),
    onSettled: () => setErasing(null),
  });

  return (
    <>
      <Typography component="h1" variant="h4">
        {t('retention.title')}
      </Typography>
      {list.isError && <FormMessage message={t('retention.failed')} />}
      {list.data && (
        <>
          <Typography sx={{ mt: 1 }}>
            {t('retention.intro', {
              years: list.data.retention_years,
              cutoff: formatDay(list.data.cutoff, locale),
            })}
          </Typography>
          <BusyRows busy={list.isPlaceholderData}>
            <Typography role="status" sx={{ mt: 2, fontWeight: 500 }}>
              {t('retention.count', { count: list.data.count })}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="erasable">
              {list.data.results.map((student) => (
                <ListRow
                  key={student.id}
                  end={
                    <Button
                      sx={DANGER_TEXT}
                      onClick={() => setErasing(student)}
                      aria-label={t('retention.eraseNamed', { name: fullName(student) })}
                    >
                      {t('retention.erase')}
                    </Button>
                  }
                >
                  <Typography sx={{ fontWeight: 500 }}>{fullName(student)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('retention.lastEnd', { day: formatDay(student.last_end, locale) })}
                  </Typography>
                </ListRow>
              ))}
            </Box>
            <MoreButton page={list.data} label={t('retention.more')} onMore={more} />
          </BusyRows>
        </>
      )}
      {!list.data && !list.isError && <Typography role="status">{t('common.loading')}</Typography>}
      <ConfirmDialog
        open={erasing !== null}
        title={t('retention.confirmTitle', { name: erasing ? fullName(erasing) : '' })}
        confirmLabel={t('retention.erase')}
        danger
        busy={erase.isPending}
        onClose={() => setErasing(null)}
        onConfirm={() => erasing && erase.mutate(erasing)}
      >
        {t('retention.confirmText')}
      </ConfirmDialog>
    </>
  );
}
