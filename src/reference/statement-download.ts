/**
 * The file name of a client account's statement, for the console's CSV of the screen and the server's
 * export alike: the account, the asset, the period's UTC days and which file it is, so a download of
 * one never takes the other's name. No Node APIs here: the console bundles this file.
 */
export function statementDownloadName(s: { file: 'statement' | 'statement-export'; accountRef: string; asset: string; from: string; to: string; format: string }): string {
  const accountId = s.accountRef.slice(s.accountRef.lastIndexOf('/') + 1);
  return `${s.file}-${accountId}-${s.asset}-${s.from.slice(0, 10)}-to-${s.to.slice(0, 10)}.${s.format}`;
}
