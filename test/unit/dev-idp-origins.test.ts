import { loopbackAliases } from '../../src/dev-idp/origins';

it('registers the console at both loopback names, and only its own origin elsewhere', () => {
  expect(loopbackAliases('http://127.0.0.1:8080')).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  expect(loopbackAliases('http://localhost:8080')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  expect(loopbackAliases('https://console.example.com')).toEqual(['https://console.example.com']);
});
