/** Helpers for the tests of the workspaces that build on the domain: never imported by running code. */
export { saleFixture } from './tax-engine/transaction.fixture';
