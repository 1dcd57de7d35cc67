import { execFile } from 'node:child_process';
import https from 'node:https';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { startTestApp } from '../helpers/app';
import { runState } from '../helpers/run-state';

function get(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('HTTPS', () => {
  it('serves the tenant API over TLS with a configured certificate and key', async () => {
    const dir = runState().tmpDir;
    const cert = path.join(dir, 'tls-cert.pem');
    const key = path.join(dir, 'tls-key.pem');
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', key, '-out', cert,
    ]);
    const app = await startTestApp({ COUNTERFOIL_TLS_CERT: cert, COUNTERFOIL_TLS_KEY: key });
    try {
      expect(app.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const res = await get(`${app.url}/healthz`, readFileSync(cert));
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
      // Without trusting the certificate, the client refuses: it really is TLS with our certificate.
      await expect(get(`${app.url}/healthz`, Buffer.from(''))).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
    } finally {
      await app.close();
    }
  });
});
