import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { BusyRows } from '../busy-rows.tsx';
import { FormMessage } from '../form-message.tsx';
import { FilterSelect } from './filter-select.tsx';
import { SearchBox } from './search-box.tsx';
import { PAGE_SIZE, type ListParams } from './use-list-params.ts';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** the `ordering` value of this column; sortable when given */
  sortKey?: string;
  /**
   * whether the row has something in this column (its actions, say): a column no row of the
   * page needs is left out, and a card leaves out the line its row does not need
   */
  shownFor?: (row: T) => boolean;
}

const needed = <T,>(column: Column<T>, rows: T[]) => !column.shownFor || rows.some(column.shownFor);
const neededBy = <T,>(column: Column<T>, row: T) => !column.shownFor || column.shownFor(row);

interface Selection<T> {
  selected: T[];
  onChange: (rows: T[]) => void;
}

interface Props<T extends { id: number }> {
  /** names the table for screen readers */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  count: number;
  loading: boolean;
  /** the rows are the last answer while the list reads a new page, filter or order */
  refreshing?: boolean;
  error?: string | null;
  params: ListParams;
  searchLabel?: string;
  /** filter fields shown next to the search box */
  filters?: ReactNode;
  /** shown instead of the table when nothing matches */
  empty: string;
  /** the accessible name of a row, for its selection box */
  rowLabel: (row: T) => string;
  selection?: Selection<T>;
  /** bulk actions shown while rows are selected */
  actions?: ReactNode;
}

/**
 * The rows, count, loading and error of a DataList from the query of one page of a server list
 * (which keeps the last page's rows while it reads the next); `error` is the message shown when
 * the page could not be read.
 */
export const pageOf = <T,>(
  query: {
    data?: { results: T[]; count: number };
    isPending: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
  },
  error: string,
) => ({
  rows: query.data?.results,
  count: query.data?.count ?? 0,
  loading: query.isPending,
  refreshing: query.isPlaceholderData,
  error: query.isError ? error : null,
});

function SortHeader<T>({ column, params }: { column: Column<T>; params: ListParams }) {
  if (!column.sortKey) return <>{column.header}</>;
  const active = params.ordering.replace(/^-/, '') === column.sortKey;
  const direction = active && params.ordering.startsWith('-') ? 'desc' : 'asc';
  return (
    <TableSortLabel
      active={active}
      direction={direction}
      onClick={() =>
        params.setOrdering(active && direction === 'asc' ? `-${column.sortKey}` : column.sortKey!)
      }
    >
      {column.header}
    </TableSortLabel>
  );
}

const ariaSort = <T,>(column: Column<T>, ordering: string) => {
  if (!column.sortKey || ordering.replace(/^-/, '') !== column.sortKey) return undefined;
  return ordering.startsWith('-') ? 'descending' : 'ascending';
};

/**
 * A list read page by page from the server: search (debounced), filters, sortable column headers
 * (aria-sort), loading and empty states, optional row selection for bulk actions. A table from
 * lg up, cards on phones and tablets.
 */
export function DataList<T extends { id: number }>(props: Props<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down(MOBILE_BREAKPOINT), { noSsr: true });
  const { params, rows = [], selection } = props;
  const columns = props.columns.filter((column) => needed(column, rows));
  const pageIds = rows.map((row) => row.id);
  const isSelected = (row: T) => Boolean(selection?.selected.some((s) => s.id === row.id));
  const allSelected = selection && rows.length > 0 && rows.every(isSelected);
  const toggle = (row: T) =>
    selection?.onChange(
      isSelected(row)
        ? selection.selected.filter((s) => s.id !== row.id)
        : [...selection.selected, row],
    );
  const toggleAll = () =>
    selection?.onChange(
      allSelected
        ? selection.selected.filter((s) => !pageIds.includes(s.id))
        : [...selection.selected, ...rows.filter((row) => !isSelected(row))],
    );
  const selectBox = (row: T) =>
    selection && (
      <Checkbox
        checked={isSelected(row)}
        onChange={() => toggle(row)}
        slotProps={{ input: { 'aria-label': t('list.select', { name: props.rowLabel(row) }) } }}
      />
    );

  return (
    <Box>
      <Box
        role="search"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', mb: 2 }}
      >
        <SearchBox
          label={props.searchLabel ?? t('list.search')}
          value={params.search}
          onSearch={params.setSearch}
        />
        {props.filters && mobile ? (
          <FoldedFilters active={params.activeFilters}>{props.filters}</FoldedFilters>
        ) : (
          props.filters
        )}
      </Box>
      {mobile && rows.length > 0 && props.columns.some((c) => c.sortKey) && (
        <MobileSort columns={props.columns} params={params} />
      )}
      {selection && selection.selected.length > 0 && (
        <Box
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
          role="region"
          aria-label={t('list.bulkActions')}
        >
          <Typography>{t('list.selected', { count: selection.selected.length })}</Typography>
          {props.actions}
        </Box>
      )}
      <FormMessage message={props.error ?? null} />
      <ListOutcome {...props} rows={rows} />
      <BusyRows busy={Boolean(props.refreshing)}>
        <Box aria-busy={props.loading}>
          {props.loading && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 2 }} role="status">
              <CircularProgress size={20} aria-hidden="true" />
              <Typography>{t('common.loading')}</Typography>
            </Box>
          )}
          {!props.loading && rows.length === 0 && !props.error && (
            <Typography sx={{ my: 3 }} data-testid="list-empty">
              {props.empty}
            </Typography>
          )}
          {rows.length > 0 && mobile && (
            <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.map((row) => (
                <Card component="li" key={row.id} variant="outlined" sx={{ mb: 1.5 }}>
                  <CardContent sx={{ display: 'flex', gap: 1 }}>
                    {selectBox(row)}
                    <Box component="dl" sx={{ m: 0, flexGrow: 1, minWidth: 0 }}>
                      {columns
                        .filter((column) => neededBy(column, row))
                        .map((column) => (
                          <Box key={column.key} sx={{ display: 'flex', gap: 1, py: 0.25 }}>
                            <Box component="dt" sx={{ color: 'text.secondary', minWidth: 110 }}>
                              {column.header}
                            </Box>
                            <Box
                              component="dd"
                              // a link in a card is tapped on a phone: 44 px high, like a button
                              sx={{
                                m: 0,
                                minWidth: 0,
                                overflowWrap: 'anywhere',
                                '& a': {
                                  display: 'inline-flex',
                                  alignItems: 'center',
                                  minHeight: 44,
                                },
                              }}
                            >
                              {column.render(row)}
                            </Box>
                          </Box>
                        ))}
                    </Box>
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
          {rows.length > 0 && !mobile && (
            <TableContainer>
              <Table size="small" aria-label={props.label}>
                <TableHead>
                  <TableRow>
                    {selection && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={Boolean(allSelected)}
                          onChange={toggleAll}
                          slotProps={{ input: { 'aria-label': t('list.selectPage') } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        scope="col"
                        aria-sort={ariaSort(column, params.ordering)}
                      >
                        <SortHeader column={column} params={params} />
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id} hover>
                      {selection && <TableCell padding="checkbox">{selectBox(row)}</TableCell>}
                      {columns.map((column) => (
                        <TableCell key={column.key}>
                          {neededBy(column, row) && column.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      </BusyRows>
      {props.count > PAGE_SIZE && (
        <Pager count={props.count} page={params.page} onPage={params.setPage} />
      )}
    </Box>
  );
}

/** The first and last row of page `page` (from 0) of `count` rows, from 1. */
const rangeOf = (page: number, count: number) => ({
  from: page * PAGE_SIZE + 1,
  to: Math.min(count, (page + 1) * PAGE_SIZE),
});

/**
 * What a screen reader hears once the list has answered: which rows of how many, or that none
 * match. Short on purpose: the rows themselves are read when the reader goes to them, not
 * announced all at once on every page.
 */
function ListOutcome<T>(props: {
  rows: T[];
  count: number;
  loading: boolean;
  refreshing?: boolean;
  error?: string | null;
  params: ListParams;
  empty: string;
}) {
  const { t } = useTranslation();
  const answered = !props.loading && !props.refreshing && !props.error;
  const outcome =
    props.rows.length > 0
      ? t('list.range', { ...rangeOf(props.params.page, props.count), count: props.count })
      : props.empty;
  return (
    <p role="status" className="visually-hidden">
      {answered ? outcome : ''}
    </p>
  );
}

const CHEVRONS = {
  previous: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
};

/** Which rows of how many are shown, and the previous and next pages. */
function Pager(props: { count: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { from, to } = rangeOf(props.page, props.count);
  const button = (direction: keyof typeof CHEVRONS, page: number, disabled: boolean) => (
    <button
      type="button"
      aria-label={t(`list.${direction}Page`)}
      disabled={disabled}
      onClick={() => props.onPage(page)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={CHEVRONS[direction]} />
      </svg>
    </button>
  );
  return (
    <div className="list-pager">
      <p>{t('list.range', { from, to, count: props.count })}</p>
      {button('previous', props.page - 1, props.page === 0)}
      {button('next', props.page + 1, to >= props.count)}
    </div>
  );
}

/**
 * On phones the filters fold behind one button that counts the active ones, so the list starts
 * on the first screen; the button says whether they are shown (aria-expanded).
 */
function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        sx={{ minHeight: 44 }}
      >
        {t('list.filters', { count: active })}
      </Button>
      <Box
        id={id}
        hidden={!open}
        sx={{ display: open ? 'flex' : 'none', flexDirection: 'column', gap: 2, width: '100%' }}
      >
        {children}
      </Box>
    </>
  );
}

/** On phones there are no column headers: the order is chosen from a list, above it. */
function MobileSort<T>({ columns, params }: { columns: Column<T>[]; params: ListParams }) {
  const { t } = useTranslation();
  const options = columns
    .filter((c) => c.sortKey)
    .flatMap((c) => [
      { value: c.sortKey!, label: `${c.header} ↑` },
      { value: `-${c.sortKey!}`, label: `${c.header} ↓` },
    ]);
  return (
    <div className="list-sort">
      <FilterSelect
        label={t('list.sortBy')}
        value={params.ordering}
        onChange={params.setOrdering}
        options={options}
      />
    </div>
  );
}
