import Avatar from '@mui/material/Avatar';

/** Deep colours that carry white initials in both colour schemes. */
const COLOURS = ['#3F51B5', '#00796B', '#AD1457', '#5D4037', '#455A64', '#6A1B9A'];

/** The initials of a profile in a coloured circle; decorative next to the name. */
export function InitialsAvatar({ id, initials }: { id: number; initials: string }) {
  return (
    <Avatar
      aria-hidden="true"
      sx={{
        bgcolor: COLOURS[id % COLOURS.length],
        color: 'common.white',
        width: 32,
        height: 32,
        fontSize: '0.85rem',
      }}
    >
      {initials || '?'}
    </Avatar>
  );
}
