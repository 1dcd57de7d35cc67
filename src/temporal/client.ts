import { Client, Connection } from '@temporalio/client';

export interface TemporalSettings {
  address: string;
  namespace: string;
  taskQueue: string;
}

/** One lazily-opened client per process; activities and routes share it. */
export class TemporalGateway {
  private client: Promise<Client> | undefined;
  private connection: Connection | undefined;

  constructor(readonly settings: TemporalSettings) {}

  get taskQueue(): string {
    return this.settings.taskQueue;
  }

  async get(): Promise<Client> {
    this.client ??= Connection.connect({ address: this.settings.address, connectTimeout: '3s' }).then((connection) => {
      this.connection = connection;
      return new Client({ connection, namespace: this.settings.namespace });
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
