import { useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { fullName, useUnits } from '../../shared/api/profiles.ts';
import { ProfileForm } from './profile-form.tsx';
import { createProfile } from './save-profile.ts';

/** /profiles/new: a profile with its first role; `?role=STUDENT` preselects the role. */
export default function ProfileNewPage() {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const units = useUnits();
  if (units.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  const only = units.data?.length === 1 ? String(units.data[0]!.id) : '';
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('pages.profileNew')}
      </Typography>
      <ProfileForm
        isNew
        savedEmail={null}
        knownRepresentatives={[]}
        submitLabel={t('profiles.create')}
        cancelTo="/profiles"
        initial={{
          first_name: '',
          last_name: '',
          email: '',
          kind: '',
          birth_date: '',
          legal_representatives: [],
          assignments: [{ unit: only, role: search.get('role') ?? '' }],
        }}
        save={async (values) => {
          const created = await createProfile(values);
          await client.invalidateQueries({ queryKey: ['profiles'] });
          toast({
            type: 'success',
            description: t('profiles.created', { name: fullName(created) }),
          });
          await go(`/profiles/${created.id}`);
        }}
      />
    </>
  );
}
