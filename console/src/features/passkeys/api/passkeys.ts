import { startRegistration } from '@simplewebauthn/browser';
import { api } from '../../../lib/session';

export const listPasskeys = () => api.GET('/me/passkeys');

/** Registration: the server's challenge, the browser's authenticator, then the server's verification. */
export async function enrolPasskey(name: string) {
  const options = await api.POST('/me/passkeys/registration-options');
  if (!options.data) return { data: undefined, error: options.error, response: options.response };
  const credential = await startRegistration({ optionsJSON: options.data.public_key as never });
  return api.POST('/me/passkeys', { body: { challenge_id: options.data.challenge_id, name, credential: credential as never } });
}

export const removePasskey = (id: string) => api.DELETE('/me/passkeys/{passkey_id}', { params: { path: { passkey_id: id } } });
