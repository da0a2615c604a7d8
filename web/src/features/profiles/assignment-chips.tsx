import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../shared/i18n.ts';
import { roleLabel, type ProfileJson, type UnitJson } from '../../shared/api/profiles.ts';

/** A person's roles, each with the code of its unit: in the profile list and on a profile. */
export function AssignmentChips(props: {
  profile: ProfileJson;
  units: UnitJson[] | undefined;
  roles: { value: string; label: string }[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {props.profile.assignments.map((a) => (
        <Chip
          key={a.id}
          size="small"
          // a long role ("Gesetzliche Vertretung · BFS-ZH") wraps on a phone instead of being cut
          sx={{
            height: 'auto',
            maxWidth: '100%',
            '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
          }}
          label={`${roleLabel(props.roles, a.role, t)}${
            a.unit ? ` · ${props.units?.find((u) => u.id === a.unit)?.code ?? a.unit}` : ''
          }`}
        />
      ))}
    </Box>
  );
}
