// Rewrites the "Operations and their permissions" section of docs/access.md from the authorization model.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accessDocWithOperations, ACCESS_DOC } from '../src/http/authorization-doc';

const file = path.resolve(__dirname, '..', ACCESS_DOC);
writeFileSync(file, accessDocWithOperations(readFileSync(file, 'utf8')));
process.stdout.write(`rewrote the operations section of ${ACCESS_DOC}\n`);
