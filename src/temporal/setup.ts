import { isGrpcServiceError, type ConnectionLike as Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { SEARCH_ATTRIBUTE_REGISTRATION } from './search-attributes';

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD */
const KEYWORD = 2;
/** The command that fixes what `assertSearchAttributes` finds missing. */
export const SETUP_COMMAND = 'counterfoil temporal setup';
/** Temporal's own default retention for a new namespace. */
export const DEFAULT_RETENTION_SECONDS = 72 * 3600;

/** "72h", "30d", "1h30m", "90s" (Go-style units plus days) → seconds. */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { d: 86400, h: 3600, m: 60, s: 1 };
  if (!/^(\d+[dhms])+$/.test(text)) throw new TemporalSetupError(`expected a duration such as 72h, 30d or 1h30m, got "${text}"`);
  let seconds = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([dhms])/g)) seconds += Number(n) * units[unit!]!;
  if (seconds < 86400) throw new TemporalSetupError(`a namespace's retention is at least 1 day (Temporal's minimum), got "${text}"`);
  return seconds;
}

const GRPC_NOT_FOUND = 5;
const GRPC_INVALID_ARGUMENT = 3;

/** The cluster is not ready for Counterfoil; the message says what to run. */
export class TemporalSetupError extends Error {
  override name = 'TemporalSetupError';
}

function isNotFound(err: unknown): boolean {
  return isGrpcServiceError(err) && err.code === GRPC_NOT_FOUND;
}

/** Custom search attributes of the namespace, by name → indexed value type. */
async function customAttributes(connection: Connection, namespace: string): Promise<Record<string, number>> {
  const res = await connection.operatorService.listSearchAttributes({ namespace });
  return res.customAttributes as Record<string, number>;
}

/** Counterfoil's search attributes the namespace lacks. */
export async function missingSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const present = await customAttributes(connection, namespace);
  return Object.keys(SEARCH_ATTRIBUTE_REGISTRATION).filter((name) => present[name] === undefined);
}

/**
 * `api` and `worker` refuse to start without the search attributes: every workflow upserts them,
 * and on a cluster that lacks one the first workflow task fails (and retries forever).
 */
export async function assertSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const missing = await missingSearchAttributes(connection, namespace);
  if (missing.length) {
    throw new TemporalSetupError(`Temporal namespace "${namespace}" lacks the search attributes ${missing.join(', ')}: run \`${SETUP_COMMAND}\` (once per namespace, before rolling out).`);
  }
}

export interface SetupOptions {
  namespace: string;
  createNamespace: boolean;
  retentionSeconds?: number;
  /** One line per finding or action. */
  say: (line: string) => void;
}

/** Idempotent: describes (or creates) the namespace and registers the search attributes it lacks. */
export async function temporalSetup(connection: Connection, options: SetupOptions): Promise<{ createdNamespace: boolean; added: string[] }> {
  const { namespace, say } = options;
  let createdNamespace = false;
  try {
    const ns = await connection.workflowService.describeNamespace({ namespace });
    const retention = Number(ns.config?.workflowExecutionRetentionTtl?.seconds ?? 0);
    say(`namespace ${namespace}: exists (retention ${retention / 3600}h)`);
    if (options.retentionSeconds !== undefined && options.retentionSeconds !== retention) {
      say(`  retention left as it is: --retention applies when the namespace is created (change it with \`temporal operator namespace update\`)`);
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    if (!options.createNamespace) {
      throw new TemporalSetupError(`Temporal namespace "${namespace}" does not exist: create it (Temporal Cloud: in its console or with tcld), or run \`${SETUP_COMMAND} --create-namespace\` on a self-hosted cluster.`);
    }
    const seconds = options.retentionSeconds ?? DEFAULT_RETENTION_SECONDS;
    await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs(seconds * 1000), description: 'Counterfoil' });
    createdNamespace = true;
    say(`namespace ${namespace}: created (retention ${seconds / 3600}h)`);
    // A new namespace reaches every frontend through the namespace cache, within seconds.
    await until(async () => {
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return true;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    }, `namespace ${namespace} to become visible`);
  }

  const present = await retryWhileNotFound(() => customAttributes(connection, namespace));
  const wrongType = Object.keys(SEARCH_ATTRIBUTE_REGISTRATION).filter((name) => present[name] !== undefined && present[name] !== KEYWORD);
  if (wrongType.length) throw new TemporalSetupError(`search attributes ${wrongType.join(', ')} exist in "${namespace}" with another type than Keyword: remove them first`);
  const missing = Object.keys(SEARCH_ATTRIBUTE_REGISTRATION).filter((name) => present[name] === undefined);
  for (const name of Object.keys(SEARCH_ATTRIBUTE_REGISTRATION)) if (!missing.includes(name)) say(`search attribute ${name} (Keyword): present`);
  if (missing.length) {
    await retryWhileNotFound(() => connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map((name) => [name, KEYWORD])) }));
    await until(async () => (await missingSearchAttributes(connection, namespace)).length === 0, 'the search attributes to be registered');
    // Registered is not yet usable: a frontend resolves the names through its namespace cache, which refreshes
    // on its own (about a second on a 1.29 server). Until then it refuses queries on them and shows workflows'
    // attributes under their storage names (Keyword01…), so setup is done when a query naming them all passes.
    await until(() => searchAttributesQueryable(connection, namespace), 'the frontend to resolve the new search attributes');
    for (const name of missing) say(`search attribute ${name} (Keyword): added`);
  }
  say(createdNamespace || missing.length ? 'temporal setup: done' : 'temporal setup: nothing to do');
  return { createdNamespace, added: missing };
}

/** Whether the frontend accepts a visibility query naming every Counterfoil search attribute. */
async function searchAttributesQueryable(connection: Connection, namespace: string): Promise<boolean> {
  const query = Object.keys(SEARCH_ATTRIBUTE_REGISTRATION)
    .map((name) => `${name} = "setup"`)
    .join(' AND ');
  try {
    await connection.workflowService.countWorkflowExecutions({ namespace, query });
    return true;
  } catch (err) {
    if (isGrpcServiceError(err) && err.code === GRPC_INVALID_ARGUMENT) return false;
    throw err;
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A namespace just created is "not found" by some services until their namespace caches refresh. */
async function retryWhileNotFound<T>(call: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!isNotFound(err) || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
