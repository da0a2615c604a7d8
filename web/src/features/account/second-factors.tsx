import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { ListRow } from '../../components/list-row.tsx';
import { RecoveryCodes } from '../../components/recovery-codes.tsx';
import { SecondFactorSetup } from '../../components/second-factor-setup.tsx';
import { toast } from '../../components/toast.ts';
import { formatMoment } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import {
  removeSecondFactor,
  renewRecoveryCodes,
  secondFactorsQuery,
  type SecondFactorJson,
} from '../../shared/api/second-factors.ts';

/**
 * The person's second factors: each passkey and app with its last use, adding one, removing one
 * (not the last, where the role requires it) and renewing the recovery codes.
 */
export function SecondFactors() {
  const { t, locale } = useTranslation();
  const client = useQueryClient();
  const factors = useQuery(secondFactorsQuery());
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<SecondFactorJson | null>(null);
  const [renewing, setRenewing] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: secondFactorsQuery().queryKey });
  const failed = (error: unknown) =>
    toast({ type: 'error', description: refusalMessage(error, t('errors.network')) });
  const remove = useMutation({
    mutationFn: (factor: SecondFactorJson) => removeSecondFactor(factor.id),
    onSuccess: () => {
      toast({ type: 'success', description: t('secondFactor.list.removed') });
      return refresh();
    },
    onError: failed,
    onSettled: () => setRemoving(null),
  });
  const renew = useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: (renewed) => {
      setCodes(renewed.recovery_codes);
      return refresh();
    },
    onError: failed,
    onSettled: () => setRenewing(false),
  });

  if (factors.isError) return <Typography role="alert">{t('secondFactor.list.failed')}</Typography>;
  if (!factors.data) return <Typography role="status">{t('common.loading')}</Typography>;
  const { factors: list, recovery_codes_left: left } = factors.data;
  return (
    <>
      {list.length === 0 ? (
        <Typography>{t('secondFactor.list.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="second-factors">
          {list.map((factor) => (
            <ListRow
              key={factor.id}
              end={
                <Button
                  sx={DANGER_TEXT}
                  onClick={() => setRemoving(factor)}
                  aria-label={t('secondFactor.list.removeNamed', { label: factor.label })}
                >
                  {t('secondFactor.list.remove')}
                </Button>
              }
            >
              <Typography sx={{ fontWeight: 500 }}>
                {factor.label} · {t(`secondFactor.kinds.${factor.kind}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('secondFactor.list.details', {
                  added: formatMoment(factor.created_at, locale),
                  used: factor.last_used_at
                    ? formatMoment(factor.last_used_at, locale)
                    : t('secondFactor.list.neverUsed'),
                })}
              </Typography>
            </ListRow>
          ))}
        </Box>
      )}
      {list.length > 0 && (
        <Typography sx={{ mt: 2 }}>
          {t('secondFactor.list.codesLeft', { count: left })}{' '}
          <Button onClick={() => setRenewing(true)}>{t('secondFactor.list.renew')}</Button>
        </Typography>
      )}
      {codes && <RecoveryCodes codes={codes} />}
      {adding ? (
        <SecondFactorSetup
          onAdded={(added) => {
            setAdding(false);
            setCodes(added.recovery_codes);
            toast({ type: 'success', description: t('secondFactor.list.added') });
            void refresh();
          }}
        />
      ) : (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAdding(true)}>
          {t('secondFactor.list.add')}
        </Button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('secondFactor.list.removeTitle', { label: removing?.label ?? '' })}
        confirmLabel={t('secondFactor.list.remove')}
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        {t('secondFactor.list.removeText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={renewing}
        title={t('secondFactor.list.renewTitle')}
        confirmLabel={t('secondFactor.list.renew')}
        busy={renew.isPending}
        onClose={() => setRenewing(false)}
        onConfirm={() => renew.mutate()}
      >
        {t('secondFactor.list.renewText')}
      </ConfirmDialog>
    </>
  );
}
