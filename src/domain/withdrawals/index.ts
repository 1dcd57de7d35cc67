export * from './events';
export * from './destinations';
export * from './withdrawals';
export * from './lifecycle';
export * from './messages';
