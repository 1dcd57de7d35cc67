import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql } from 'postgres';
import { z } from '../../schema/zod';
import type { SubjectAttribution } from '../../auth/caller';
import { conflict, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import { recordEvent } from '../../events/outbox';
import { defineEventType } from '../../events/catalogue';
import { Timestamp, Uuid } from '../../schema/common';
import { auditAs, type AuditedAs } from '../audit/entries';
import { Client, type KycStatus } from './entities';
import { CLIENT_EVENTS } from './events';
import { presentClient } from './present';

/*
 * KYC decisions: the outcome of a client's identity verification, recorded by the provider serving
 * the KYC path (a connector's `kyc.decision` event) or by an operator holding `kyc.decide`. Each sets
 * the client's `kyc_status` (what the signed API gates on: 9013 KYC_NOT_VERIFIED) and is kept.
 */

export interface KycDecisionRow {
  id: string;
  created_at: Date;
  enterprise_id: string;
  client_id: string;
  status: KycStatus;
  previous_status: KycStatus;
  reason: string | null;
  reference: string | null;
  connector_id: string | null;
  event_id: string | null;
  subject_attribution: SubjectAttribution | null;
}

export const KycDecisionBody = z
  .object({
    id: Uuid,
    resource: z.literal('kyc_decision'),
    client_ref: z.string(),
    status: z.enum(['pending', 'verified', 'rejected']),
    previous_status: z.enum(['pending', 'verified', 'rejected']),
    reason: z.string().nullable(),
    reference: z.string().nullable().openapi({ description: "The verification provider's case or check reference." }),
    decided_by: z.enum(['connector', 'operator']),
    connector_ref: z.string().nullable(),
    subject_attribution: z.unknown().nullable().openapi({ description: "The operator's attribution; null for a connector's decision." }),
    created_at: Timestamp,
  })
  .openapi('KycDecision');

export const KYC_DECISION_RECORDED = defineEventType('clients.kyc_decision.recorded.v1', "A KYC decision was recorded for a client (by its provider's connector or an operator).", KycDecisionBody);

export function presentKycDecision(d: KycDecisionRow) {
  return {
    id: d.id,
    resource: 'kyc_decision' as const,
    client_ref: `clients/${d.client_id}`,
    status: d.status,
    previous_status: d.previous_status,
    reason: d.reason,
    reference: d.reference,
    decided_by: d.connector_id ? ('connector' as const) : ('operator' as const),
    connector_ref: d.connector_id ? `connectors/${d.connector_id}` : null,
    subject_attribution: d.subject_attribution,
    created_at: new Date(d.created_at).toISOString(),
  };
}

export interface KycDecisionInput {
  clientId: string;
  status: KycStatus;
  reason: string | null;
  reference: string | null;
  /** A connector's decision: its id and the event that carried it (the same event again records nothing). */
  connector?: { id: string; eventId: string };
  attribution: SubjectAttribution | null;
  /** Sees the client before anything changes: scope (404/403), If-Match, the connector's enterprise. */
  authorize: (client: Client) => void;
}

/**
 * Records the decision and sets the client's `kyc_status` in one transaction, with the decision's
 * event and, when the status changes, the client's `updated` event. A closed client is 409. The signed
 * API's standing cache hears of the change through its trigger; the caller drops this process's entry.
 */
export async function recordKycDecision(em: EntityManager, input: KycDecisionInput, audited?: AuditedAs<KycDecisionRow>): Promise<{ decision: KycDecisionRow; client: Client; replayed: boolean }> {
  return em.transactional(async (tx) => {
    const client = await tx.findOne(Client, { id: input.clientId });
    if (!client) throw notFound('client');
    input.authorize(client);
    if (input.connector) {
      const [earlier] = await tx.execute<KycDecisionRow[]>('select * from kyc_decisions where connector_id = ? and event_id = ?', [input.connector.id, input.connector.eventId]);
      if (earlier) return { decision: earlier, client, replayed: true };
    }
    if (client.status === 'closed') throw conflict('The client is closed.', 'client_closed');
    const previous = client.kycStatus;
    const [decision] = await tx.execute<KycDecisionRow[]>(
      `insert into kyc_decisions (id, enterprise_id, client_id, status, previous_status, reason, reference, connector_id, event_id, subject_attribution)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [uuidv7(), client.enterpriseId, client.id, input.status, previous, input.reason, input.reference, input.connector?.id ?? null, input.connector?.eventId ?? null, input.attribution ? JSON.stringify(input.attribution) : null],
    );
    if (previous !== input.status) {
      client.kycStatus = input.status;
      await tx.flush();
      await recordEvent(tx as EntityManager, {
        type: CLIENT_EVENTS.updated,
        enterpriseId: client.enterpriseId,
        scopeRef: `clients/${client.id}`,
        resourceRef: `clients/${client.id}`,
        payload: presentClient(client),
        attribution: input.attribution,
      });
    }
    await recordEvent(tx as EntityManager, {
      type: KYC_DECISION_RECORDED,
      enterpriseId: client.enterpriseId,
      scopeRef: `clients/${client.id}`,
      resourceRef: `kyc-decisions/${decision.id}`,
      payload: presentKycDecision(decision),
      attribution: input.attribution,
    });
    await auditAs(tx as EntityManager, audited, decision);
    return { decision, client, replayed: false };
  });
}

/** A client's decisions, oldest first (keyset on id). */
export function listKycDecisions(sql: Sql, clientId: string, afterId: string | null, limit: number): Promise<KycDecisionRow[]> {
  return sql<KycDecisionRow[]>`
    select * from kyc_decisions where client_id = ${clientId} and ${afterId ? sql`id > ${afterId}` : sql`true`}
     order by id limit ${limit}`;
}

export async function findKycDecision(sql: Sql, id: string): Promise<KycDecisionRow | null> {
  const [row] = await sql<KycDecisionRow[]>`select * from kyc_decisions where id = ${id}`;
  return row ?? null;
}
