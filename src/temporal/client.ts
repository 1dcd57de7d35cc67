import { Client, Connection, type ConnectionLike, type WorkflowClientInterceptor } from '@temporalio/client';
import type { Metrics } from '../metrics';
import { tracing } from '../telemetry';
import type { TemporalConnectionOptions } from './connection';

/** Where and how to connect (temporalConnectionOptions), plus the namespace and task queue. */
export interface TemporalSettings extends TemporalConnectionOptions {
  namespace: string;
  taskQueue: string;
}

/** The connection part of the settings, for `Connection.connect` and `NativeConnection.connect`. */
export function connectionOptionsOf(settings: TemporalSettings): TemporalConnectionOptions {
  const { address, tls, apiKey, metadata } = settings;
  return { address, ...(tls ? { tls } : {}), ...(apiKey ? { apiKey } : {}), ...(metadata ? { metadata } : {}) };
}

/** One lazily-opened client per process; activities and routes share it. */
export class TemporalGateway {
  private client: Promise<Client> | undefined;
  private connection: ConnectionLike | undefined;
  private connect: (options: TemporalConnectionOptions) => Promise<ConnectionLike> = (options) => Connection.connect({ ...options, connectTimeout: '3s' });

  constructor(
    readonly settings: TemporalSettings,
    private readonly metrics?: Metrics,
  ) {}

  /** Counts every workflow this process starts, whichever module starts it. */
  private interceptors(): WorkflowClientInterceptor[] {
    // A span per start, signal and update, whose context the workflow continues (src/telemetry).
    const traced = tracing()?.workflowClientInterceptor();
    const metrics = this.metrics;
    if (!metrics) return traced ? [traced] : [];
    return [
      ...(traced ? [traced] : []),
      {
        async startWithDetails(input, next) {
          const out = await next(input);
          metrics.workflowsStarted.inc({ workflow: input.workflowType });
          return out;
        },
        async signalWithStart(input, next) {
          const out = await next(input);
          metrics.workflowsStarted.inc({ workflow: input.workflowType });
          return out;
        },
      },
    ];
  }

  get taskQueue(): string {
    return this.settings.taskQueue;
  }

  /**
   * Connects through `connect` from now on, before the first call: the API process passes the SDK's
   * native connection, whose requests the Temporal runtime measures (temporal_request_* on /metrics).
   */
  connectWith(connect: (options: TemporalConnectionOptions) => Promise<ConnectionLike>): void {
    if (this.client) throw new Error('the Temporal client is already connected');
    this.connect = connect;
  }

  async get(): Promise<Client> {
    this.client ??= this.connect(connectionOptionsOf(this.settings)).then((connection) => {
      this.connection = connection;
      return new Client({ connection, namespace: this.settings.namespace, interceptors: { workflow: this.interceptors() } });
    });
    try {
      return await this.client;
    } catch (err) {
      this.client = undefined; // let the next call retry the connection
      throw err;
    }
  }

  /** Readiness probe: the frontend answers and our namespace exists. */
  async ping(): Promise<void> {
    const client = await this.get();
    await client.workflowService.describeNamespace({ namespace: this.settings.namespace });
  }

  async close(): Promise<void> {
    await this.connection?.close();
    this.client = undefined;
  }
}
