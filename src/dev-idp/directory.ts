import { createCounterfoilClient, problemOf, type CounterfoilClient, type Schemas } from '../../clients/typescript/index';

/** A service account of the enterprise the development provider signs people in to (it needs `users.read` and `roles.read`). */
export interface DirectoryCredentials {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface DirectoryUser {
  id: string;
  displayName: string;
  email: string;
  roles: string[];
}

/**
 * The people the development provider knows: the enterprise's active users, read over the public API
 * with a service account (the provider is an outside party: it never reads Counterfoil's database).
 */
export class UserDirectory {
  private token: { value: string; expiresAt: number; margin: number } | null = null;
  readonly api: CounterfoilClient;
  /** For the token endpoint: a bearer token there would be a second client authentication, which it refuses. */
  private readonly tokenEndpoint: CounterfoilClient;

  constructor(private readonly creds: DirectoryCredentials) {
    this.api = createCounterfoilClient({ baseUrl: creds.apiUrl, accessToken: () => this.token?.value });
    this.tokenEndpoint = createCounterfoilClient({ baseUrl: creds.apiUrl });
  }

  /** A service-account token, renewed a minute before it expires (or a fifth of its life, when it is short). */
  async signIn(): Promise<void> {
    if (this.token && this.token.expiresAt > Date.now() + this.token.margin) return;
    const res = await this.tokenEndpoint.POST('/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: this.creds.clientId, client_secret: this.creds.clientSecret },
    });
    if (!res.data) throw new Error(`development identity provider: the service account cannot sign in: ${problemOf(res.error, res.response).detail}`);
    this.token = { value: res.data.access_token, expiresAt: Date.now() + res.data.expires_in * 1000, margin: Math.min(60_000, res.data.expires_in * 200) };
  }

  private async all<T>(fetchPage: (pageToken?: string) => Promise<{ items: T[]; next_page_token: string | null } | undefined>): Promise<T[]> {
    const items: T[] = [];
    let pageToken: string | undefined;
    do {
      const page = await fetchPage(pageToken);
      if (!page) break;
      items.push(...page.items);
      pageToken = page.next_page_token ?? undefined;
    } while (pageToken);
    return items;
  }

  /** Active users with the names of the roles they hold, for the sign-in page. */
  async users(): Promise<DirectoryUser[]> {
    await this.signIn();
    const [users, assignments, roles] = await Promise.all([
      this.all<Schemas['User']>(async (page_token) => (await this.api.GET('/users', { params: { query: { page_size: 200, status: 'active', page_token } } })).data),
      this.all<Schemas['RoleAssignment']>(async (page_token) => (await this.api.GET('/role-assignments', { params: { query: { page_size: 200, status: 'active', page_token } } })).data),
      this.all<Schemas['Role']>(async (page_token) => (await this.api.GET('/roles', { params: { query: { page_size: 200, page_token } } })).data),
    ]);
    const roleNames = new Map(roles.map((r) => [`roles/${r.id}`, r.name]));
    return users.map((u) => ({
      id: u.id,
      displayName: u.display_name,
      email: u.email,
      roles: [...new Set(assignments.filter((a) => a.principal_ref === `users/${u.id}`).map((a) => roleNames.get(a.role_ref) ?? a.role_ref))].sort(),
    }));
  }

  async user(id: string): Promise<DirectoryUser | null> {
    await this.signIn();
    const res = await this.api.GET('/users/{user_id}', { params: { path: { user_id: id } } });
    if (!res.data || res.data.status !== 'active') return null;
    return { id: res.data.id, displayName: res.data.display_name, email: res.data.email, roles: [] };
  }
}
