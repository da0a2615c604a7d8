import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RISK_REASONS } from '../../../../domain/constants.ts';
import type { AtRiskGroup, StudentAtRisk } from '../../../../domain/schemas/at-risk.ts';
import { BusyRows } from '../../components/busy-rows.tsx';
import { MoreButton, useMoreLimit } from '../../components/more-button.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { ListRow } from '../../components/list-row.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { api } from '../../shared/api-client.ts';
import type { Paged } from '../../shared/api/paged.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useAddressParams } from '../../shared/use-address-params.ts';
import { RiskReasons } from '../../components/risk-reasons.tsx';

const FILTERS = ['unit', 'group', 'reason', 'student'] as const;

type AtRiskPage = Paged<StudentAtRisk> & { groups: AtRiskGroup[] };

/**
 * /students/at-risk: the students within reach who show a warning sign, the most severe first,
 * each reason leading to its source; filters by unit, group and reason kept in the address.
 */
export default function AtRiskPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { params: search, change } = useAddressParams();
  const { limit, more, reset } = useMoreLimit();
  const units = useUnits();
  const query = new URLSearchParams({ limit: String(limit) });
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const list = useQuery({
    queryKey: ['students', 'at-risk', query.toString()],
    queryFn: ({ signal }) => api.get<AtRiskPage>(`/students/at-risk/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    change({ [name]: value, ...(name === 'unit' && { group: null }) });
    reset();
  };
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  // the group's name first: a phone's closed select shows the start of the label only
  const groupOptions = (list.data?.groups ?? []).map((g) => ({
    value: String(g.id),
    label: `${g.name} (${g.module_name})`,
  }));

  return (
    <>
      <PageHeader title={t('atRisk.title')} />
      <Typography color="text.secondary">{t('atRisk.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        {unitOptions.length > 1 && (
          <FilterSelect
            label={t('atRisk.filters.unit')}
            value={search.get('unit') ?? ''}
            onChange={(v) => setFilter('unit', v)}
            options={unitOptions}
            allLabel={t('list.all')}
          />
        )}
        <FilterSelect
          label={t('atRisk.filters.reason')}
          value={search.get('reason') ?? ''}
          onChange={(v) => setFilter('reason', v)}
          options={RISK_REASONS.map((r) => ({ value: r, label: t(`enums.riskReason.${r}`) }))}
          allLabel={t('list.all')}
        />
        {groupOptions.length > 0 && (
          <FilterSelect
            label={t('atRisk.filters.group')}
            value={search.get('group') ?? ''}
            onChange={(v) => setFilter('group', v)}
            options={groupOptions}
            allLabel={t('list.all')}
          />
        )}
      </Box>
      {list.isError && <FormMessage message={t('atRisk.failed')} />}
      {list.data && (
        <BusyRows busy={list.isPlaceholderData}>
          <Typography role="status" sx={{ fontWeight: 500 }}>
            {list.data.count === 0
              ? t('atRisk.empty')
              : t('atRisk.count', { count: list.data.count })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('atRisk.title')}>
            {list.data.results.map(({ student, severity, reasons }) => (
              <ListRow
                key={student.id}
                align="baseline"
                end={<Chip size="small" label={t('atRisk.severity', { severity })} />}
              >
                <Link
                  component={PrefetchLink}
                  pageId="grade-summary"
                  params={{ id: String(student.id) }}
                  to={to(`/profiles/${student.id}/grade-summary`)}
                  sx={{ fontWeight: 600 }}
                >
                  {student.first_name} {student.last_name}
                </Link>
                <RiskReasons reasons={reasons} studentId={student.id} />
              </ListRow>
            ))}
          </Box>
          <MoreButton page={list.data} label={t('atRisk.more')} onMore={more} />
        </BusyRows>
      )}
      {!list.data && !list.isError && <Typography role="status">{t('common.loading')}</Typography>}
    </>
  );
}
