import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { PROGRESSION_FLAGS, type ProgressionFlag } from '../../../../domain/constants.ts';
import { PROGRESSION_COLOURS } from '../../../../domain/progression-colours.ts';
import type { ProgressionMap } from '../../../../domain/schemas/progression.ts';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { fetchFile, saveFile } from '../../shared/download.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useObjectTitle } from '../../shared/object-title.ts';
import { useAddressParams } from '../../shared/use-address-params.ts';
import { useCohortNames } from './module-parts.ts';

/** Cells of a fixed width, the header and the names staying in view while the table scrolls. */
const TABLE = {
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: '0.875rem',
  '& th, & td': {
    p: 1,
    borderBottom: 1,
    borderRight: 1,
    borderColor: 'divider',
    minWidth: '7.5rem',
    maxWidth: '11rem',
    verticalAlign: 'top',
    textAlign: 'left',
  },
  '& thead th': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' },
  '& tbody th': {
    position: 'sticky',
    left: 0,
    bgcolor: 'background.paper',
    fontWeight: 500,
  },
  '& thead th:first-of-type': { left: 0, zIndex: 2 },
} as const;

function FlagCell({ flag }: { flag: ProgressionFlag | null }) {
  const { t } = useTranslation();
  if (!flag)
    return (
      <td>
        <span className="visually-hidden">{t('progression.none')}</span>
        <span aria-hidden="true">–</span>
      </td>
    );
  const colour = PROGRESSION_COLOURS[flag];
  return (
    <td style={{ background: colour.fill, color: colour.text }}>
      {t(`enums.progressionFlag.${flag}`)}
    </td>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('progression.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {PROGRESSION_FLAGS.map((flag) => (
        <Box
          component="li"
          key={flag}
          sx={{ px: 1, py: 0.5, borderRadius: 1, border: 1, borderColor: 'divider' }}
          style={{
            background: PROGRESSION_COLOURS[flag].fill,
            color: PROGRESSION_COLOURS[flag].text,
          }}
        >
          {t(`enums.progressionFlag.${flag}`)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * /modules/{id}/progression: students × progression criteria of a module (a training plan), each
 * cell the furthest stage reached as a colour with its word, as a table the keyboard and screen
 * readers can walk; by group or cohort; as a spreadsheet.
 */
export default function ProgressionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { params: search, change } = useAddressParams();
  const [busy, setBusy] = useState(false);
  const cohorts = useCohortNames();
  const query = new URLSearchParams();
  for (const name of ['group', 'cohort']) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const map = useQuery({
    queryKey: ['modules', id, 'progression', query.toString()],
    queryFn: ({ signal }) =>
      api.get<ProgressionMap>(`/modules/instances/${id}/progression/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  useObjectTitle(map.data?.module.name);
  const setFilter = (name: 'group' | 'cohort', value: string) => change({ [name]: value });
  const download = async () => {
    setBusy(true);
    try {
      const fallback = `${t('progression.title')} - ${map.data?.module.name ?? id}.xlsx`;
      saveFile(await fetchFile(`/modules/instances/${id}/progression/xlsx/?${query}`, fallback));
    } catch {
      toast({ type: 'error', description: t('errors.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  if (map.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (map.isError) return <FormMessage message={t('progression.failed')} />;
  const data = map.data;
  return (
    <>
      <PageHeader title={`${t('progression.title')} – ${data.module.name}`}>
        <Button variant="outlined" disabled={busy} aria-busy={busy} onClick={() => void download()}>
          {busy ? t('progression.downloading') : t('progression.download')}
        </Button>
      </PageHeader>
      <Typography color="text.secondary">{t('progression.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        {data.groups.length > 1 && (
          <FilterSelect
            label={t('progression.group')}
            value={search.get('group') ?? ''}
            onChange={(v) => setFilter('group', v)}
            options={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
            allLabel={t('list.all')}
          />
        )}
        {(cohorts.data ?? []).length > 0 && (
          <FilterSelect
            label={t('progression.cohort')}
            value={search.get('cohort') ?? ''}
            onChange={(v) => setFilter('cohort', v)}
            options={(cohorts.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            allLabel={t('list.all')}
          />
        )}
      </Box>
      <Legend />
      {data.criteria.length === 0 && <Typography>{t('progression.empty')}</Typography>}
      {data.criteria.length > 0 && data.students.length === 0 && (
        <Typography role="status">{t('progression.noStudents')}</Typography>
      )}
      {data.criteria.length > 0 && data.students.length > 0 && (
        // the table scrolls inside its frame, the names staying in view
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('progression.title')}
          sx={{ overflow: 'auto', maxHeight: '70vh', border: 1, borderColor: 'divider' }}
        >
          <Box component="table" sx={TABLE}>
            <caption className="visually-hidden">
              {`${t('progression.title')} – ${data.module.name}`}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('progression.student')}</th>
                {data.criteria.map((criterion) => (
                  <th key={criterion.id} scope="col">
                    {criterion.reference && <strong>{criterion.reference} </strong>}
                    {criterion.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((student) => (
                <tr key={student.assessment_id}>
                  <th scope="row">
                    {student.first_name} {student.last_name}
                  </th>
                  {student.cells.map((flag, index) => (
                    <FlagCell key={data.criteria[index]!.id} flag={flag} />
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </>
  );
}
