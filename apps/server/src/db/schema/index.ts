export * from './accounts';
export * from './media';
export * from './classes';
export * from './cache';
export * from './learning';
export * from './invitations';
export * from './notifications';
export * from './idempotency';
