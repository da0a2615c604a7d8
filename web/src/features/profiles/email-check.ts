import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { api } from '../../shared/api-client.ts';
import type { ProfileValues } from './profile-form-rules.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Asks the server whether a typed address is already known (POST /profiles/exist/) once typing
 * pauses, and says so next to the field. The saved address of the profile being edited is skipped.
 */
export function useEmailExistenceCheck(
  form: UseFormReturn<ProfileValues>,
  message: string,
  savedEmail: string | null,
) {
  const email = useWatch({ control: form.control, name: 'email' }).trim();
  useEffect(() => {
    if (!EMAIL.test(email) || email.toLowerCase() === savedEmail?.toLowerCase()) return;
    let live = true;
    const timer = setTimeout(() => {
      api
        .post<{ exists: boolean }>('/profiles/exist/', { email })
        .then(({ exists }) => {
          if (live && exists) form.setError('email', { type: 'exists', message });
        })
        .catch(() => {});
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email, savedEmail, form, message]);
}
