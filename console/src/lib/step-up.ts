import { startAuthentication } from '@simplewebauthn/browser';
import type { SdkProblem as Problem } from '../../../clients/typescript/index';
import { api } from './session';

type GovernedAction = 'approvals.approve' | 'approvals.reject' | 'api_keys.create';

/** What the person must do when the enterprise asks for a passkey and none is enrolled. */
export const ENROL_FIRST = 'This needs a passkey. Enrol one on the Passkeys page (in the menu), then try again.';

const failed = (error: Problem | undefined, response: Response) => ({ data: undefined, error, response }) as const;

/**
 * An action token for a governed action: from a passkey assertion when the person has a passkey, else
 * from POST /action-tokens. Where the enterprise requires a passkey and none is enrolled, the problem
 * says how to enrol instead of the API's wording.
 */
export async function stepUpToken(action: GovernedAction, resourceRef: string) {
  const challenge = await api.POST('/action-tokens/passkey-challenges', { body: { action, resource_ref: resourceRef } });
  if (challenge.data) {
    let credential;
    try {
      credential = await startAuthentication({ optionsJSON: challenge.data.public_key as never });
    } catch (err) {
      return failed({ title: 'Passkey not used', status: 400, detail: `The passkey did not answer (${(err as Error).message}). Try again.` } as Problem, challenge.response);
    }
    return api.POST('/action-tokens/passkey', { body: { challenge_id: challenge.data.challenge_id, credential: credential as never } });
  }
  const reason = (challenge.error as { reason?: string } | undefined)?.reason;
  if (reason !== 'passkey_not_enrolled') return failed(challenge.error, challenge.response);
  const plain = await api.POST('/action-tokens', { body: { action, resource_ref: resourceRef } });
  if (!plain.data && (plain.error as { reason?: string } | undefined)?.reason === 'passkey_required') {
    return failed({ ...(plain.error as Problem), detail: ENROL_FIRST }, plain.response);
  }
  return plain;
}
