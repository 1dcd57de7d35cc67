import { CounterfoilError, problemOf } from './errors';

interface PageResult<T> {
  data?: { items: T[]; next_page_token?: string | null };
  error?: unknown;
  response: Response;
}

/**
 * Every item of a list, page after page:
 * `for await (const c of paginate((page_token) => api.GET('/clients', { params: { query: { page_token } } })))`.
 * A failed page throws a CounterfoilError.
 */
export async function* paginate<T>(page: (pageToken: string | undefined) => Promise<PageResult<T>>): AsyncGenerator<T, void, undefined> {
  let token: string | undefined;
  do {
    const result = await page(token);
    if (!result.data) throw new CounterfoilError(problemOf(result.error, result.response));
    yield* result.data.items;
    token = result.data.next_page_token ?? undefined;
  } while (token);
}
