import { useQuery, useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { fullName, profileQuery } from '../../shared/api/profiles.ts';
import { ProfileForm } from './profile-form.tsx';
import { updateProfile, valuesOf } from './save-profile.ts';

/** /profiles/{id}/edit */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const id = Number(useParams().id);
  const client = useQueryClient();
  const profile = useQuery(profileQuery(id));
  if (profile.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (profile.isError) return <FormMessage message={t('profiles.notFound')} />;
  const before = profile.data;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('profiles.editTitle', { name: fullName(before) })}
      </Typography>
      <ProfileForm
        isNew={false}
        savedEmail={before.email}
        submitLabel={t('profiles.save')}
        cancelTo={`/profiles/${id}`}
        initial={valuesOf(before)}
        knownRepresentatives={before.legal_representative_details}
        save={async (values) => {
          let pendingEmail: string | undefined;
          try {
            ({ pendingEmail } = await updateProfile(before, values));
          } finally {
            await client.invalidateQueries({ queryKey: ['profiles'] });
          }
          toast({ type: 'success', description: t('profiles.saved') });
          if (pendingEmail)
            toast({
              type: 'info',
              duration: 15_000,
              description: t('profiles.emailChangePending', { email: pendingEmail }),
            });
          await go(`/profiles/${id}`);
        }}
      />
    </>
  );
}
