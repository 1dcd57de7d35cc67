/*
 * On-ramp and off-ramp sessions; states and ledger bookings in docs/conversions-and-ramps.md. The
 * area is a model (./model: states, transitions, checks; pure), the stores (./sessions, shared by
 * both kinds; ./on-ramp-store, ./off-ramp-store: the rows, one column list each), the presenters
 * and one file per operation.
 */

export { OFF_RAMP_TRANSITIONS, ON_RAMP_TRANSITIONS, canMoveOffRamp, canMoveOnRamp } from './model';
export { findOnRampByPaymentReference, type OnRampRow } from './on-ramp-store';
export { type OffRampRow } from './off-ramp-store';
export { presentOffRamp, presentOnRamp } from './present';
export { acceptOnRamp, createOnRamp, onRampCollectionAccount, type NewOnRamp } from './on-ramp-create';
export { recordOnRampPayment, signalOnRampPaid } from './on-ramp-payment';
export { activateOnRamp, cancelOnRamp, completeOnRamp, convertOnRamp, expireOnRamp, onRampStatus } from './on-ramp-steps';
export { acceptOffRamp, createOffRamp, type NewOffRamp } from './off-ramp-create';
export { approveOffRamp, releaseOffRamp } from './off-ramp-approval';
export { completeOffRamp, convertOffRamp, returnOffRampPayout, sendOffRampPayout } from './off-ramp-steps';
export { cancelOffRamp } from './off-ramp-cancel';
export {
  findOffRamp,
  findOnRamp,
  listOffRamps,
  listOnRamps,
  requireOffRamp,
  requireOnRamp,
  updateOffRampReferenceMetadata,
  updateOnRampReferenceMetadata,
} from './read';
export * from './events';
export * from './messages';
export { returnOffRamp, type OffRampReturnInput } from './off-ramp-return';
