import { openApiRoute } from './app';
import { authorizationModel, renderOperationsSection, type Operation } from './authorization-model';
import { tenantRoutes } from './routes';

/** Every operation of the tenant API as a sandbox deployment serves it: the routes and the document's own. */
export const tenantOperations = (): Operation[] => authorizationModel([...tenantRoutes, openApiRoute]);

export const ACCESS_DOC = 'docs/access.md';
const HEADING = '## Operations and their permissions';

/** docs/access.md with its operations section rendered from the model: replaced where it is, else before "## Configuration". */
export function accessDocWithOperations(doc: string): string {
  const section = renderOperationsSection(tenantOperations());
  const start = doc.indexOf(HEADING);
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + HEADING.length);
    return doc.slice(0, start) + section + (next >= 0 ? doc.slice(next) : '');
  }
  const at = doc.indexOf('## Configuration');
  if (at < 0) return `${doc.trimEnd()}\n\n${section}`;
  return `${doc.slice(0, at)}${section}\n${doc.slice(at)}`;
}
