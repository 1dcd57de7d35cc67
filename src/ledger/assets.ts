// Assets and amounts belong to every layer (src/money); the ledger's importers keep this path.
export * from '../money/assets';
