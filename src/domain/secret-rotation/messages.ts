/*
 * What the `secret-rotation/<service_account_id>` workflow and the API exchange. Imported by
 * workflows: constants and types only, no runtime dependencies.
 */

/** Workflow type (the exported function's name in workflows/): the API starts it by this name. */
export const SECRET_ROTATION_WORKFLOW = 'secretRotationWorkflow';
export type SecretRotationWorkflow = (start: SecretRotationStart) => Promise<void>;

export const secretRotationWorkflowId = (serviceAccountId: string) => `secret-rotation/${serviceAccountId}`;

export interface SecretRotationStart {
  serviceAccountId: string;
  enterpriseId: string;
}

/** Signal (args [SecretRotated]) that hands the workflow the account's secret pair after a rotation (signal-with-start). */
export const SECRET_ROTATED_SIGNAL = 'secretRotated';

/** One rotation as committed: the secret pair the workflow now looks after. */
export interface SecretRotated {
  /** Fingerprint of the previous secret's hash (never the hash itself), or null when none overlaps. */
  previousSecretFingerprint: string | null;
  previousSecretExpiresAt: string | null;
  currentSecretExpiresAt: string;
  /** Lead time of the expiry warning before `currentSecretExpiresAt`. */
  expiryWarningSeconds: number;
}
