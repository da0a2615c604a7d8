import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../shared/i18n.ts';
import { ruleMessage } from '../../../shared/rule-messages.ts';
import { IMPORT_FIELDS, isKnownKind, type ImportRow } from './import-rows.ts';

const FIELD_LABEL = {
  first_name: 'profiles.fields.firstName',
  last_name: 'profiles.fields.lastName',
  email: 'profiles.fields.email',
  kind: 'profiles.fields.kind',
  birth_date: 'profiles.fields.birthDate',
};

/** The rows as they will be saved, each bad one marked with what is wrong, field by field. */
export function ImportPreview(props: { rows: ImportRow[]; problems: Record<string, string>[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={t('import.preview')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('import.line')}</TableCell>
            {IMPORT_FIELDS.map((field) => (
              <TableCell key={field} scope="col">
                {t(FIELD_LABEL[field])}
              </TableCell>
            ))}
            <TableCell scope="col">{t('import.problems')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row, index) => {
            const problems = props.problems[index] ?? {};
            const bad = Object.keys(problems).length > 0;
            return (
              <TableRow
                key={index}
                data-testid={bad ? 'bad-row' : 'good-row'}
                sx={bad ? { backgroundColor: 'tone.errorSurface' } : undefined}
              >
                <TableCell>{index + 1}</TableCell>
                {IMPORT_FIELDS.map((field) => (
                  <TableCell
                    key={field}
                    sx={problems[field] ? { fontWeight: 600, color: 'tone.error' } : undefined}
                  >
                    {field === 'kind' && isKnownKind(row.kind)
                      ? t(`profiles.kinds.${row.kind}`)
                      : row[field]}
                  </TableCell>
                ))}
                <TableCell>
                  {bad ? (
                    <Box component="ul" sx={{ m: 0, pl: 2, color: 'tone.error' }}>
                      {Object.entries(problems).map(([field, message]) => (
                        <li key={field}>
                          {t(FIELD_LABEL[field as keyof typeof FIELD_LABEL] ?? field)} :{' '}
                          {ruleMessage(message, t)}
                        </li>
                      ))}
                    </Box>
                  ) : (
                    t('import.ok')
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
