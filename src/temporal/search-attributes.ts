import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Custom search attributes every Counterfoil workflow carries, so operators filter in the Temporal UI. */
export const SA = {
  enterprise: defineSearchAttributeKey('CounterfoilEnterprise', SearchAttributeType.KEYWORD),
  client: defineSearchAttributeKey('CounterfoilClient', SearchAttributeType.KEYWORD),
  account: defineSearchAttributeKey('CounterfoilAccount', SearchAttributeType.KEYWORD),
  family: defineSearchAttributeKey('CounterfoilFamily', SearchAttributeType.KEYWORD),
  status: defineSearchAttributeKey('CounterfoilStatus', SearchAttributeType.KEYWORD),
  /** Set while the workflow's activity keeps failing against an outside provider (its name); removed once it answers. */
  awaitingProvider: defineSearchAttributeKey('CounterfoilAwaitingProvider', SearchAttributeType.KEYWORD),
} as const;

/** Names and types for registration on the server (`temporal operator search-attribute create`). */
export const SEARCH_ATTRIBUTE_REGISTRATION: Record<string, 'Keyword'> = Object.fromEntries(
  Object.values(SA).map((k) => [k.name, 'Keyword' as const]),
);
