import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { api } from '../shared/api-client.ts';
import { useTranslation } from '../shared/i18n.ts';
import { BusyRows } from './busy-rows.tsx';
import { MoreButton, useMoreLimit } from './more-button.tsx';

interface Props<T> {
  title: string;
  intro: string;
  /** the list's API path, without paging */
  path: string;
  /** how many there are, in words ("3 changes") */
  countLabel: (count: number) => string;
  moreLabel: string;
  failedLabel: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}

function Pages<T extends { id: number }>(props: Props<T>) {
  const { t } = useTranslation();
  const { limit, more } = useMoreLimit();
  const list = useQuery({
    queryKey: [props.path, limit],
    queryFn: ({ signal }) =>
      api.get<{ count: number; results: T[] }>(`${props.path}?limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
  if (list.isError) return <Typography role="alert">{props.failedLabel}</Typography>;
  if (!list.data) return <Typography role="status">{t('common.loading')}</Typography>;
  const { count, results } = list.data;
  return (
    <BusyRows busy={list.isPlaceholderData}>
      <Typography role="status" sx={{ mb: 1 }}>
        {props.countLabel(count)}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid={props.testId}>
        {results.map((item) => (
          <Box component="li" key={item.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            {props.renderItem(item)}
          </Box>
        ))}
      </Box>
      <MoreButton page={list.data} label={props.moreLabel} onMore={more} />
    </BusyRows>
  );
}

/**
 * A newest-first list behind a disclosure (a history, a log): read only when opened, read again
 * each time it opens, 50 more at a time.
 */
export function DisclosedPages<T extends { id: number }>(props: Props<T>) {
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="details"
      onToggle={(event: React.SyntheticEvent<HTMLDetailsElement>) =>
        setOpen(event.currentTarget.open)
      }
      sx={{ mt: 3, '& > summary': { cursor: 'pointer', py: 1 } }}
    >
      <Typography component="summary" variant="h6">
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.intro}
      </Typography>
      {open && <Pages {...props} />}
    </Box>
  );
}
