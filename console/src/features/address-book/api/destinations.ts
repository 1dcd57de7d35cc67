import type { Schemas } from '../../../../../clients/typescript/index';
import { api } from '../../../lib/session';

export type DestinationStatus = Schemas['WithdrawalDestination']['status'];

export const listDestinations = (status: DestinationStatus | undefined, pageToken: string | undefined) =>
  api.GET('/withdrawal-destinations', { params: { query: { status, page_size: 20, page_token: pageToken } } });

/** The networks a destination may be on, with the assets each carries and its address format. */
export const listNetworks = () => api.GET('/crypto-networks', { params: { query: { page_size: 100 } } });

/** The key is the form's, kept for one intended destination: a resubmission replays the first answer instead of registering twice. */
export const createDestination = (idempotencyKey: string, body: Schemas['WithdrawalDestinationCreate']) =>
  api.POST('/withdrawal-destinations', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body });
