import { useMemo, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PersonName } from '../shared/api/profiles.ts';
import { useProfileSearch } from './use-profile-search.tsx';

/**
 * Picks several people, as their ids, among those `filter` selects (`roles=…&unit=…&status=…`),
 * searched on the server as a name is typed. `known` names the ones chosen before.
 */
export function PeopleField(props: {
  filter: string;
  known: PersonName[];
  value: number[];
  onChange: (ids: number[]) => void;
  label: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const search = useProfileSearch(props.filter);
  const [names, setNames] = useState(() => new Map(props.known.map((p) => [p.id, p])));
  // the same array until the choice changes: a new one at each render clears what is typed
  const value = useMemo(
    () => props.value.map((id) => names.get(id) ?? { id, first_name: '', last_name: `#${id}` }),
    [props.value, names],
  );
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      sx={{ mt: 2 }}
      {...search.autocomplete}
      value={value}
      onChange={(_, people) => {
        setNames((known) => new Map([...known, ...people.map((p) => [p.id, p] as const)]));
        props.onChange(people.map((p) => p.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={search.placeholder}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error}
          inputRef={props.inputRef}
        />
      )}
    />
  );
}
